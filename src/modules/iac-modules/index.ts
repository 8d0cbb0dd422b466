import type { Database } from '../../db/client.js';
import type { GitConfig } from '../../config/git.js';
import type { Git } from '../../integrations/git/git.port.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { HclPool } from './hcl-pool.js';
import { iacModulesRoutes } from './iac-modules.routes.js';
import { createIacModulesService, type IacModulesService } from './iac-modules.service.js';
import { createModuleSync } from './iac-modules.sync.js';

export type { IacModulesService } from './iac-modules.service.js';

export interface IacModulesDeps {
  db: Database;
  /** Tags are listed and cloned to read a module's variables and outputs. */
  git: Git;
  config: Pick<GitConfig, 'hclWorkers' | 'iacSyncConcurrency' | 'iacSyncTimeoutMs'>;
}

export function createIacModulesModule({ db, git, config }: IacModulesDeps): HangarModule<IacModulesService> {
  // Worker threads are started by the first sync that needs them, not here.
  const pool = new HclPool(config.hclWorkers);
  const sync = createModuleSync({
    db,
    git,
    parser: (name, content) => pool.parse(name, content),
    concurrency: config.iacSyncConcurrency,
    timeoutMs: config.iacSyncTimeoutMs,
  });
  const service = createIacModulesService({ db, git, sync });
  return {
    service,
    async routes(app: App) {
      app.addHook('onClose', () => pool.close());
      await iacModulesRoutes(app, { service });
    },
  };
}
