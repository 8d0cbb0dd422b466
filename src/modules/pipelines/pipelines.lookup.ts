import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pipelineRuns } from '../../db/schema/index.js';
import { pipelinesRepository as repo } from './pipelines.repository.js';

/** Reads other modules need from pipelines (dashboards' activity and deployment feeds). */
export const pipelinesLookup = {
  /** The newest runs with their pipeline's name (no logs), optionally only of some statuses. */
  async recentRuns(db: Executor, opts: { limit: number; statuses?: string[] }) {
    const where = opts.statuses?.length ? inArray(pipelineRuns.status, opts.statuses as never[]) : undefined;
    return repo.recentRuns(db, opts.limit, where);
  },
};
