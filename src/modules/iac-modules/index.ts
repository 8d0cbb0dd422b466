import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { iacModulesRoutes } from './iac-modules.routes.js';
import { createIacModulesService } from './iac-modules.service.js';
import { createModuleSync } from './iac-modules.sync.js';

export { iacModulesLookup } from './iac-modules.lookup.js';
export { tagVersion, sortVersionsDesc, highestVersion } from './hcl-meta.js';
export type { IacModulesService } from './iac-modules.service.js';

export async function iacModulesModule(app: App, ctx: AppContext) {
  const sync = createModuleSync({ db: ctx.db, database: ctx.database, git: ctx.git });
  const service = createIacModulesService({ db: ctx.db, git: ctx.git, sync });
  await iacModulesRoutes(app, { service });
}
