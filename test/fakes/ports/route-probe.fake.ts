import type { RouteProbePort, RouteProbeResult } from '../../../src/modules/gateway/gateway.ports.js';

/**
 * In-memory route probe: answers by URL from `answers` (a missing URL: no answer), recording each
 * probed URL; held to test/contracts/route-probe.contract.ts.
 */
export class FakeRouteProbe implements RouteProbePort {
  readonly answers = new Map<string, RouteProbeResult>();
  readonly probed: string[] = [];

  async probe(url: string, signal?: AbortSignal): Promise<RouteProbeResult> {
    signal?.throwIfAborted();
    this.probed.push(url);
    return { ...(this.answers.get(url) ?? { statusCode: null, latencyMs: 0 }) };
  }
}
