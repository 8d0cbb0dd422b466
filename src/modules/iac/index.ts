import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { iacRoutes } from './iac.routes.js';
import { createIacService } from './iac.service.js';

/** IaC ingestion (stacks, runs, module drift, topology; IAC_INGEST_TOKEN) and their JWT queries. */
export async function iacModule(app: App, ctx: AppContext) {
  const service = createIacService({ db: ctx.db });
  await app.register(iacRoutes, { service, ingestToken: ctx.config.iacIngestToken });
}
