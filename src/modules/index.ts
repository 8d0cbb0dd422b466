import type { AppContext } from '../context.js';
import type { App } from '../kernel/types.js';

/**
 * Every domain module, registered in one place. A module's `index.ts` exports a Fastify plugin
 * `xxxModule(app, ctx)` that builds its service from the context and registers its routes and jobs:
 *
 *   await app.register(catalogModule, ctx);
 *
 * Add one line per module, in any order (modules never depend on registration order).
 */
export async function registerModules(app: App, ctx: AppContext) {
  void app;
  void ctx;
}
