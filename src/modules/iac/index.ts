import type { Database } from '../../db/client.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { iacRoutes } from './iac.routes.js';
import { createIacService, type IacService } from './iac.service.js';

/** IaC ingestion (stacks, runs, module drift, topology; IAC_INGEST_TOKEN) and their JWT queries. */
export function createIacModule({
  db,
  ingestToken,
  factsChanged,
}: {
  db: Database;
  ingestToken: string | undefined;
  /** The components whose stacks a run or an import changed (decision 550). */
  factsChanged?: (componentIds: string[]) => void;
}): HangarModule<IacService> {
  const service = createIacService({ db, factsChanged });
  return {
    service,
    async routes(app: App) {
      await app.register(iacRoutes, { service, ingestToken });
    },
  };
}

export { iacFactsLookup } from './iac.scorecard-facts.js';
