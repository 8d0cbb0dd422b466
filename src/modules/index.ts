import type { AppContext } from '../context.js';
import type { App } from '../kernel/types.js';

/**
 * Every domain module, registered in one place. Each module's `index.ts` exports a Fastify
 * plugin taking the AppContext; add one line here per module.
 */
export async function registerModules(app: App, ctx: AppContext) {
  void app;
  void ctx;
}
