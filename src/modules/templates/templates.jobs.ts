import type { Infrastructure } from '../../context.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import { systemCaller } from '../../kernel/caller.js';
import { templatesRepository as repo } from './templates.repository.js';
import { SCAFFOLD_JOB, type TemplatesService } from './templates.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'scaffold.run': { id: string };
  }
}

/**
 * The scaffold worker: one job per request (key = request id), so a request never runs twice at once.
 * A slow remote cannot hold a slot past SCAFFOLD_TIMEOUT_S: the signal kills git and the request
 * fails with a timeout message. Requests a stopped process left `pending` or `in_progress` run again
 * (the job is idempotent: a finished request is left alone); with Redis, only those no live process holds.
 */
export function defineTemplateJobs(ctx: Pick<Infrastructure, 'jobs' | 'db' | 'config'>, service: TemplatesService) {
  ctx.jobs.define(
    defineJob({
      name: SCAFFOLD_JOB,
      key: (p) => p.id,
      concurrency: 2,
      timeoutMs: ctx.config.git.scaffoldTimeoutMs,
      cancellable: true,
      run: async ({ payload, signal }) => {
        await service.runScaffold(systemCaller(), payload.id, signal);
      },
      recovery: {
        unfinished: async () => (await repo.unfinishedRequestIds(ctx.db)).map((id) => ({ payload: { id }, state: 'running' as const })),
        running: 'requeue',
      },
    }),
  );
}
