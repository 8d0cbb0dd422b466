import { createHash } from 'node:crypto';

/**
 * What a recording module calls after it committed facts the scorecards read (vulnerability scans,
 * cost syncs, IaC runs, DORA's deployment facts): the components whose facts changed (decision 550).
 * Never throws and never waits: a re-evaluation that cannot be queued is the hourly run's.
 */
export type FactsChanged = (componentIds: string[]) => void;

/**
 * The in-process line from the recording modules to the scorecards module (decision 550). The wiring
 * builds it before those modules and hands them `notify`; the scorecards module, built last,
 * `connect`s to it. Nothing is broadcast: this is no event of the API.
 */
export function factsChangedLine() {
  let listener: FactsChanged | undefined;
  return {
    notify: ((componentIds) => {
      if (componentIds.length > 0) listener?.(componentIds);
    }) as FactsChanged,
    connect(l: FactsChanged) {
      listener = l;
    },
  };
}

export type FactsChangedLine = ReturnType<typeof factsChangedLine>;

/** How long a re-evaluation waits for more changes of the same entities (decision 550). */
export const SETTLE_MS = 50;

/**
 * The debounce slot of a trigger at `now`, and how long its job waits: until the slot ends. Every
 * trigger of a slot shares one job id, so the queue keeps one job; and that job starts after the
 * last trigger of its slot, so it reads every fact they committed (a trigger never lands on a job
 * that is already running, which the queue would drop).
 */
export function settleSlot(now = Date.now()) {
  const slot = Math.floor(now / SETTLE_MS);
  return { slot, delayMs: (slot + 1) * SETTLE_MS - now };
}

/** A short, stable name for a set of components (the id of a batch job). */
export const setKey = (componentIds: string[]) =>
  createHash('sha1')
    .update([...componentIds].sort().join(','))
    .digest('hex')
    .slice(0, 20);
