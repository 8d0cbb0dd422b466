import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { HclPool } from './hcl-pool.js';
import { iacModulesRoutes } from './iac-modules.routes.js';
import { createIacModulesService, type IacModulesService } from './iac-modules.service.js';
import { createModuleSync } from './iac-modules.sync.js';

declare module '../../context.js' {
  interface ModuleServices {
    iacModules: IacModulesService;
  }
}

export async function iacModulesModule(app: App, ctx: AppContext) {
  // Worker threads are started by the first sync that needs them, not here.
  const pool = new HclPool(ctx.config.git.hclWorkers);
  const sync = createModuleSync({
    db: ctx.db,
    git: ctx.git,
    parser: (name, content) => pool.parse(name, content),
    concurrency: ctx.config.git.iacSyncConcurrency,
    timeoutMs: ctx.config.git.iacSyncTimeoutMs,
  });
  const service = createIacModulesService({ db: ctx.db, git: ctx.git, sync });
  ctx.services.iacModules = service;
  app.addHook('onClose', () => pool.close());
  await iacModulesRoutes(app, { service });
}
