import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { environmentsRoutes } from './environments.routes.js';
import { createEnvironmentsService } from './environments.service.js';

export { environmentsLookup } from './environments.lookup.js';

export async function environmentsModule(app: App, ctx: AppContext) {
  await app.register(environmentsRoutes, { service: createEnvironmentsService({ db: ctx.db }) });
}
