import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { incidentsRoutes } from './incidents.routes.js';
import { createIncidentsService } from './incidents.service.js';
import { createPostMortemsService } from './post-mortems.service.js';
import './incidents.events.js';

export async function incidentsModule(app: App, ctx: AppContext) {
  const incidents = createIncidentsService({ db: ctx.db, events: ctx.events, auth: ctx.auth });
  const postMortems = createPostMortemsService({ db: ctx.db });
  await app.register(incidentsRoutes, { incidents, postMortems });
}
