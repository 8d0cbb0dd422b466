import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryWindow } from '../../src/kernel/metrics-window.js';
import type { MeshOneMetricsPort } from '../../src/modules/meshone/meshone.ports.js';
import type { MeshTwoMetricsPort } from '../../src/modules/meshtwo/meshtwo.ports.js';

type MetricsPort = MeshOneMetricsPort & MeshTwoMetricsPort;

export interface MetricsSubject {
  port: MetricsPort;
  /** A destination service with Istio samples over the last minute. */
  service: { service: string; namespace: string };
  /** A deployment with Linkerd inbound samples over the last minute. */
  deployment: { deployment: string; namespace: string };
  unreachable(): MetricsPort;
  close?(): Promise<void>;
}

/** What both meshes' metrics views rely on from a Prometheus-compatible store, asked in typed queries (decisions 510, 1052). */
export function metricsContract(name: string, make: () => Promise<MetricsSubject>) {
  describe(`metrics port contract: ${name}`, () => {
    let s: MetricsSubject;
    const window = (): QueryWindow => {
      const now = Math.floor(Date.now() / 1000);
      return { start: now - 60, end: now, step: 15, range: '60s' };
    };
    beforeAll(async () => void (s = await make()));
    afterAll(() => s?.close?.());

    it('mesh one: a service\'s metric answers series of [seconds, "value"] pairs', async () => {
      const series = await s.port.meshOneSeries({ metric: 'rps', ...s.service }, window());
      expect(series.length).toBeGreaterThan(0);
      for (const x of series) expect(x.values[0]).toEqual([expect.any(Number), expect.any(String)]);
    });
    it('mesh two: the answer carries the query the store ran, and its series', async () => {
      const { query, series } = await s.port.meshTwoSeries({ metric: 'rps', ...s.deployment }, window());
      expect(query).toContain(JSON.stringify(s.deployment.deployment));
      expect(series.length).toBeGreaterThan(0);
      expect(series[0]!.values[0]).toEqual([expect.any(Number), expect.any(String)]);
    });
    it('a service without samples is []', async () => {
      expect(
        await s.port.meshOneSeries({ metric: 'rps', service: 'no-such-service', namespace: 'nowhere' }, window()),
      ).toEqual([]);
    });
    it('an unreachable store is 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().meshOneSeries({ metric: 'rps', ...s.service }, window())).rejects.toMatchObject({
        statusCode: 503,
      });
      await expect(
        s.port.meshOneSeries({ metric: 'rps', ...s.service }, window(), AbortSignal.abort()),
      ).rejects.toThrow();
    });
  });
}
