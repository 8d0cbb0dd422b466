import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteProbePort } from '../../src/modules/gateway/gateway.ports.js';

export interface RouteProbeSubject {
  port: RouteProbePort;
  /** A route answering `statusCode` (after `delayMs`, when given). */
  route(statusCode: number, delayMs?: number): Promise<string>;
  /** A route that never answers within the probe's timeout. */
  silent(): Promise<string>;
  /** A URL nothing listens on. */
  unreachable: string;
  close?(): Promise<void>;
}

/** What the gateway health check relies on from a route probe (decisions 510, 513). */
export function routeProbeContract(name: string, make: () => Promise<RouteProbeSubject>) {
  describe(`route-probe port contract: ${name}`, () => {
    let s: RouteProbeSubject;
    beforeAll(async () => {
      s = await make();
    });
    afterAll(() => s?.close?.());

    it('answers any status, with the latency', async () => {
      for (const status of [200, 204, 302, 404, 418, 503]) {
        const r = await s.port.probe(await s.route(status));
        expect(r.statusCode, String(status)).toBe(status);
        expect(r.latencyMs).toBeGreaterThanOrEqual(0);
      }
      expect((await s.port.probe(await s.route(200, 150))).latencyMs).toBeGreaterThanOrEqual(100);
    });
    it('no answer, in time or at all, is a null status (never a throw)', async () => {
      expect((await s.port.probe(await s.silent())).statusCode).toBeNull();
      expect((await s.port.probe(s.unreachable)).statusCode).toBeNull();
    });
    it('an aborted signal rejects', async () => {
      await expect(s.port.probe(await s.route(200), AbortSignal.abort())).rejects.toThrow();
    });
  });
}
