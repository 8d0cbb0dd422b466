import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeshOneMetricsPort } from '../../src/modules/meshone/meshone.ports.js';

export interface MetricsSubject {
  port: MeshOneMetricsPort;
  /** A metric with samples over the last minute, labelled `response_code`. */
  metric: string;
  unreachable(): MeshOneMetricsPort;
  close?(): Promise<void>;
}

/** What both meshes' metrics views rely on from a Prometheus-compatible store (decision 510). */
export function metricsContract(name: string, make: () => Promise<MetricsSubject>) {
  describe(`metrics port contract: ${name}`, () => {
    let s: MetricsSubject;
    const range = () => {
      const now = Math.floor(Date.now() / 1000);
      return { start: now - 60, end: now, step: 15 };
    };
    beforeAll(async () => void (s = await make()));
    afterAll(() => s?.close?.());

    it('a range query answers series of [seconds, "value"] pairs with their labels', async () => {
      const series = await s.port.queryRange(`sum by (response_code) (${s.metric})`, range());
      expect(series.length).toBeGreaterThan(0);
      for (const x of series) {
        expect(typeof x.metric.response_code).toBe('string');
        expect(x.values[0]).toEqual([expect.any(Number), expect.any(String)]);
      }
    });
    it('a query over a metric without samples is []', async () => {
      expect(await s.port.queryRange('sum(no_such_metric_total)', range())).toEqual([]);
    });
    it('an unreachable store is 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().queryRange(`sum(${s.metric})`, range())).rejects.toMatchObject({ statusCode: 503 });
      await expect(s.port.queryRange(`sum(${s.metric})`, range(), AbortSignal.abort())).rejects.toThrow();
    });
  });
}
