import type { Database } from '../../db/client.js';
import { factsChangedOn, type EventPublisher } from '../../infra/events.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { iacRoutes } from './iac.routes.js';
import { createIacService, type IacService } from './iac.service.js';

/** IaC ingestion (stacks, runs, module drift, topology; IAC_INGEST_TOKEN) and their JWT queries. */
export function createIacModule({
  db,
  ingestToken,
  events,
}: {
  db: Database;
  ingestToken: string | undefined;
  /** `facts.changed` names the components whose stacks a run or an import changed (decision 550). */
  events: EventPublisher;
}): HangarModule<IacService> {
  const service = createIacService({ db, factsChanged: factsChangedOn(events) });
  return {
    service,
    async routes(app: App) {
      await app.register(iacRoutes, { service, ingestToken });
    },
  };
}

export { iacFactsLookup } from './iac.scorecard-facts.js';
