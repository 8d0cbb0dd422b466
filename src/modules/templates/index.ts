import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { defineTemplateJobs } from './templates.jobs.js';
import { templatesRoutes } from './templates.routes.js';
import { createTemplatesService } from './templates.service.js';

export { createTemplatesService, type TemplatesService } from './templates.service.js';
export { BUILTIN_TEMPLATES } from './templates.builtin.js';

/** Service templates and scaffolding: built-ins seeded at start, the scaffold worker, crash recovery. */
export async function templatesModule(app: App, ctx: AppContext) {
  const service = createTemplatesService(ctx);
  defineTemplateJobs(ctx, service);
  await service.seedBuiltins();
  await app.register(templatesRoutes, { service });
  // Requests a stopped process left pending or in_progress run again once the app is ready.
  // In the background: a slow or absent Redis must not hold up the server's start.
  app.addHook('onReady', async () => {
    service.recover().then(
      (n) => n > 0 && ctx.log.info({ requests: n }, 'scaffold requests re-queued after a restart'),
      (err) => ctx.log.error({ err }, 'could not re-queue scaffold requests'),
    );
  });
}
