import type { AppContext } from '../../context.js';
import { SCAFFOLD_JOB, type TemplatesService } from './templates.service.js';

/** The scaffold worker: one job per request (jobId = request id), so a request never runs twice at once. */
export function defineTemplateJobs(ctx: AppContext, service: TemplatesService) {
  ctx.queue.define<{ id: string }>(
    SCAFFOLD_JOB,
    async ({ id }) => {
      await service.runScaffold(id);
    },
    { concurrency: 2 },
  );
}
