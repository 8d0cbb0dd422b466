import { HttpClient } from '../../integrations/http.js';
import type { HealthStatus } from './gateway.ports.js';

export const PROBE_TIMEOUT_MS = 5000;
// Every status is an answer here: only 5xx, errors and timeouts mean "down".
const ANY_STATUS = Array.from({ length: 500 }, (_, i) => i + 100);

/** A light GET of a route: `down` on a 5xx, an error or a timeout; `degraded` above the threshold; else `up`. */
export async function probe(url: string, degradedMs: number, opts: { fetch?: typeof fetch } = {}): Promise<{ status: HealthStatus; latencyMs: number }> {
  const http = new HttpClient({ system: 'Gateway route', baseUrl: new URL(url).origin, timeoutMs: PROBE_TIMEOUT_MS, fetch: opts.fetch });
  const started = performance.now();
  try {
    const res = await http.request('GET', url, { accept: ANY_STATUS, as: 'none', headers: { accept: '*/*' } });
    const latencyMs = Math.round(performance.now() - started);
    if (res.status >= 500) return { status: 'down', latencyMs };
    return { status: latencyMs > degradedMs ? 'degraded' : 'up', latencyMs };
  } catch {
    // Unreachable, timed out, or an answer that could not be read: all mean the route is down.
    return { status: 'down', latencyMs: Math.round(performance.now() - started) };
  }
}
