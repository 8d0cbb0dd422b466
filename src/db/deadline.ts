import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The database deadline of the work in progress. A request's round trips give up after
 * `DATABASE_REQUEST_TIMEOUT_MS` (the pool's default, decision 408); a job runs inside
 * `withJobDeadline` and waits up to its own deadline (by default the server's statement timeout).
 */
const store = new AsyncLocalStorage<{ timeoutMs: number | undefined }>();

/** Runs `fn` with a job's database deadline: `timeoutMs`, or the statement timeout plus the read margin. */
export function withJobDeadline<T>(fn: () => PromiseLike<T>, timeoutMs?: number): Promise<T> {
  // Awaited inside: a lazy query builder (a thenable) starts its query within the deadline's context.
  return store.run({ timeoutMs }, async () => await fn());
}

/** The job deadline in force, if any (undefined: a request's). */
export const jobDeadline = () => store.getStore();
