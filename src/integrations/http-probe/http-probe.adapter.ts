import type { RouteProbePort, RouteProbeResult } from '../../modules/gateway/gateway.ports.js';
import { HttpClient } from '../http.js';

export const PROBE_TIMEOUT_MS = 5000;
// Every status is an answer here: the gateway module decides what a 4xx or 5xx means.
const ANY_STATUS = Array.from({ length: 500 }, (_, i) => i + 100);

/** Probes a gateway route with a plain HTTP GET through the shared client (5 s; decision 513). */
export class HttpRouteProbeAdapter implements RouteProbePort {
  constructor(private readonly opts: { timeoutMs?: number; fetch?: typeof fetch } = {}) {}

  async probe(url: string, signal?: AbortSignal): Promise<RouteProbeResult> {
    signal?.throwIfAborted();
    const http = new HttpClient({
      system: 'Gateway route',
      baseUrl: new URL(url).origin,
      timeoutMs: this.opts.timeoutMs ?? PROBE_TIMEOUT_MS,
      fetch: this.opts.fetch,
    });
    const started = performance.now();
    try {
      const res = await http.request('GET', url, {
        accept: ANY_STATUS,
        as: 'none',
        headers: { accept: '*/*' },
        signal,
      });
      return { statusCode: res.status, latencyMs: Math.round(performance.now() - started) };
    } catch (err) {
      if (signal?.aborted) throw err;
      // Unreachable, timed out, or an answer that could not be read: no status.
      return { statusCode: null, latencyMs: Math.round(performance.now() - started) };
    }
  }
}
