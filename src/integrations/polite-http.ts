import { isoDate } from './dates.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { BadGateway, Unavailable } from '../kernel/errors.js';
import { UpstreamRefused } from './http.js';
import { OutboundRefused } from './outbound/policy.js';

/**
 * GET requests that respect a provider's limits (decision 1012): at most `maxInFlight` at once, the
 * remaining budget and its reset read from every answer, and a 429, or a 403 that is a primary or
 * secondary rate limit, answered by pausing every request of the scan until the provider says (its
 * `Retry-After`, else the reset time, else a minute) and trying again. Never a failure of the scan.
 */
export interface PoliteLedger {
  made: number;
  notModified: number;
  rateLimitRemaining: number | null;
  rateLimitResetAt: string | null;
  paused(until: Date, why: string): void;
}

export interface PoliteOptions {
  system: string;
  /** Header names of the remaining budget and its reset (epoch seconds). */
  remainingHeader: string;
  resetHeader: string;
  maxInFlight: number;
  ledger: PoliteLedger;
  fetch: typeof fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface PoliteResponse {
  status: number;
  headers: Headers;
  text: string;
}

const MAX_PAUSE_MS = 3_600_000;
const DEFAULT_PAUSE_MS = 60_000;
const MAX_BODY_CHARS = 4_000_000;

/** One gate per scan (by its ledger): the in-flight bound and the pause every request honours. */
class Gate {
  inFlight = 0;
  waiting: (() => void)[] = [];
  pausedUntil = 0;
  constructor(readonly max: number) {}
  async acquire() {
    while (this.inFlight >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
  }
  release() {
    this.inFlight--;
    this.waiting.shift()?.();
  }
}
const gates = new WeakMap<PoliteLedger, Gate>();
const gateOf = (o: PoliteOptions) => {
  let gate = gates.get(o.ledger);
  if (!gate) gates.set(o.ledger, (gate = new Gate(Math.max(1, o.maxInFlight))));
  return gate;
};

const int = (v: string | null) => (v !== null && /^\d+$/.test(v.trim()) ? Number(v.trim()) : null);

/** How long to wait before trying again, or null when the answer is not a rate limit. */
export function rateLimitWait(
  status: number,
  headers: Headers,
  body: string,
  remainingHeader: string,
  resetHeader: string,
  now = Date.now(),
): number | null {
  const retryAfter = int(headers.get('retry-after'));
  const remaining = int(headers.get(remainingHeader));
  const reset = int(headers.get(resetHeader));
  const limited =
    status === 429 || (status === 403 && (retryAfter !== null || remaining === 0 || /rate limit/i.test(body)));
  if (!limited) return null;
  if (retryAfter !== null) return Math.min(MAX_PAUSE_MS, retryAfter * 1000);
  if (remaining === 0 && reset !== null) return Math.min(MAX_PAUSE_MS, Math.max(1000, reset * 1000 - now + 1000));
  return DEFAULT_PAUSE_MS;
}

function record(o: PoliteOptions, headers: Headers) {
  const remaining = int(headers.get(o.remainingHeader));
  const reset = int(headers.get(o.resetHeader));
  if (remaining !== null) o.ledger.rateLimitRemaining = remaining;
  if (reset !== null) o.ledger.rateLimitResetAt = isoDate(reset * 1000);
  return { remaining, reset };
}

async function waitOut(gate: Gate, signal?: AbortSignal) {
  const ms = gate.pausedUntil - Date.now();
  if (ms > 0) await sleep(ms, undefined, { signal });
}

/**
 * One GET, asked again once when the connection failed before an answer: a kept-alive connection the
 * provider (or its load balancer) closed while idle fails the next request on it, and a GET is safe
 * to repeat (decision 1019); so is one that timed out (a stalled connection).
 */
async function once(o: PoliteOptions, url: URL, headers: Record<string, string>): Promise<PoliteResponse> {
  try {
    return await attempt(o, url, headers);
  } catch (err) {
    if (!(err instanceof ConnectionFailed)) throw err;
    try {
      return await attempt(o, url, headers);
    } catch (again) {
      throw again instanceof ConnectionFailed ? new Unavailable(again.message) : again;
    }
  }
}

class ConnectionFailed extends Error {}

/**
 * An abort after `ms` of time this process could have read an answer in (decision 1036): counted in
 * ticks of a second, each worth at most two, so a stretch where the event loop was blocked (an
 * embedded database's statement runs on this thread) is not charged to the provider; an answer that
 * arrived meanwhile is read, not aborted.
 */
function responsiveTimeout(ms: number) {
  const controller = new AbortController();
  const TICK = 1000;
  let counted = 0;
  let last = Date.now();
  const timer = setInterval(
    () => {
      const now = Date.now();
      counted += Math.min(now - last, 2 * TICK);
      last = now;
      if (counted >= ms) {
        clearInterval(timer);
        controller.abort(new DOMException('The provider did not answer in time', 'TimeoutError'));
      }
    },
    Math.min(TICK, ms),
  );
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

async function attempt(o: PoliteOptions, url: URL, headers: Record<string, string>): Promise<PoliteResponse> {
  const timeout = responsiveTimeout(o.timeoutMs ?? 15_000);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout.signal]) : timeout.signal;
  try {
    const res = await o.fetch(url, { method: 'GET', headers, signal, redirect: 'manual' });
    const text = res.status === 304 ? '' : (await res.text()).slice(0, MAX_BODY_CHARS);
    return { status: res.status, headers: res.headers, text };
  } catch (err) {
    if (o.signal?.aborted) throw o.signal.reason ?? err;
    const refused = err instanceof OutboundRefused ? err : (err as { cause?: unknown })?.cause;
    if (refused instanceof OutboundRefused) throw refused;
    throw new ConnectionFailed(
      timeout.signal.aborted ? `${o.system} did not answer in time` : `${o.system} is unreachable`,
    );
  } finally {
    timeout.stop();
  }
}

/** A GET that waits out rate limits; 401 and 5xx are errors, every other status is answered. */
export async function politeGet(o: PoliteOptions, url: URL, headers: Record<string, string>): Promise<PoliteResponse> {
  const gate = gateOf(o);
  for (;;) {
    await waitOut(gate, o.signal);
    await gate.acquire();
    let res: PoliteResponse;
    try {
      await waitOut(gate, o.signal);
      res = await once(o, url, headers);
    } finally {
      gate.release();
    }
    o.ledger.made++;
    const { remaining, reset } = record(o, res.headers);
    const wait = rateLimitWait(res.status, res.headers, res.text, o.remainingHeader, o.resetHeader);
    if (wait !== null) {
      pause(o, gate, Date.now() + wait, res.status === 429 ? 'HTTP 429' : 'rate limit (HTTP 403)');
      continue;
    }
    // The budget is spent: stop before the provider has to refuse (the answer itself is good).
    if (remaining === 0 && reset !== null)
      pause(o, gate, Math.min(Date.now() + MAX_PAUSE_MS, reset * 1000 + 1000), 'rate limit spent');
    if (res.status === 304) o.ledger.notModified++;
    if (res.status === 401) throw new UpstreamRefused(`${o.system} refused the credential`);
    if (res.status >= 500) throw new Unavailable(`${o.system} answered ${res.status}`);
    return res;
  }
}

function pause(o: PoliteOptions, gate: Gate, until: number, why: string) {
  if (until <= gate.pausedUntil) return;
  gate.pausedUntil = until;
  o.ledger.paused(new Date(until), why);
}

/** A polite response's JSON body; a body that is not JSON is the system's fault (502 naming it). */
export function parseJson<T>(res: PoliteResponse, system: string, what: string): T {
  try {
    return JSON.parse(res.text) as T;
  } catch {
    throw new BadGateway(`${system} answered ${what} that is not JSON`);
  }
}
