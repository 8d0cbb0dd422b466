import type { Executor } from '../../db/client.js';
import { NotFound } from '../../kernel/errors.js';
import { iacRepository as repo, type RunRow, type StackWithRunRow } from './iac.repository.js';

// How stacks and runs are shown, shared by the reads and the ingest verbs (decision 1170).

const changesOf = (r: { add: number; change: number; destroy: number }) => ({
  add: r.add,
  change: r.change,
  destroy: r.destroy,
});

export function toStack(row: StackWithRunRow) {
  const { run, ...stack } = row;
  return {
    ...stack,
    latestRun: run
      ? {
          id: run.id,
          type: run.type,
          status: run.status,
          resourceChanges: changesOf(run),
          triggeredBy: run.triggeredBy,
          startedAt: run.startedAt,
          durationMs: run.durationMs,
        }
      : null,
  };
}

export function toRun(row: RunRow) {
  const { changesAdd, changesChange, changesDestroy, ...rest } = row;
  return { ...rest, resourceChanges: { add: changesAdd, change: changesChange, destroy: changesDestroy } };
}

export async function requireStack(ex: Executor, id: string) {
  const row = await repo.findStack(ex, id);
  if (!row) throw new NotFound('IaC stack not found');
  return row;
}
