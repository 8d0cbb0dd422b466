import { describe, expect, it } from 'vitest';
import { FakeIstio } from '../fakes/ports/mesh-one.fake.js';
import { FakeMetrics } from '../fakes/ports/metrics.fake.js';
import { rateWindow } from '../../src/integrations/prometheus/promql.js';
import { queryWindow } from '../../src/kernel/metrics-window.js';
import { systemCaller } from '../../src/kernel/caller.js';
import { createMeshOneService } from '../../src/modules/meshone/index.js';
import { operatorName } from '../../src/modules/orchestrator/index.js';

const caller = systemCaller();
const user = { ...caller, actor: { ...caller.actor, isAdmin: false, roles: ['user'] } };

describe('metrics windows (decision 616)', () => {
  it('steps by range: 15 s up to 5 m, 60 s up to 1 h, 300 s up to 1 d, else 900 s', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(queryWindow('5m', now)).toMatchObject({ step: 15, end: now / 1000, start: now / 1000 - 300 });
    expect(rateWindow(queryWindow('5m', now))).toBe('60s');
    expect(queryWindow('301s', now).step).toBe(60);
    expect(queryWindow('1h', now).step).toBe(60);
    expect(queryWindow('2h', now)).toMatchObject({ step: 300 });
    expect(rateWindow(queryWindow('2h', now))).toBe('300s');
    expect(queryWindow('1d', now).step).toBe(300);
    expect(queryWindow('7d', now).step).toBe(900);
    for (const bad of ['', '5', 'm', '0s', '1w', '1.5h', ' 5m', '5M']) expect(() => queryWindow(bad, now)).toThrow();
    // Valid but longer than 11,000 points of 900 s: a coarser step that Prometheus serves, not a 400.
    const long = queryWindow('200d', now);
    expect(long).toMatchObject({ end: now / 1000, step: Math.ceil((200 * 86_400) / 11_000) });
    expect((long.end - long.start) / long.step).toBeLessThanOrEqual(11_000);
    expect(long.end - long.start).toBeGreaterThan(200 * 86_400 - long.step);
    expect(queryWindow('9999999d', now).start).toBeGreaterThanOrEqual(0);
    // The window is whole steps ending now, so the latest point is now.
    expect(queryWindow('301s', now)).toMatchObject({ step: 60, start: now / 1000 - 300 });
  });
});

describe('mesh one service over fakes', () => {
  const mesh = new FakeIstio();
  mesh.virtualServices = [
    {
      name: 'reviews',
      namespace: 'bookinfo',
      hosts: ['reviews'],
      http: [
        {
          route: [
            { destination: { host: 'reviews', subset: 'v1' }, weight: 100 },
            { destination: { host: 'reviews', subset: 'v2' }, weight: 0 },
          ],
        },
      ],
    },
  ];
  const metrics = new FakeMetrics();
  const service = createMeshOneService({ mesh, metrics });

  it('sets weights by subset, and refuses bad sets', async () => {
    const target = { namespace: 'bookinfo', name: 'reviews' };
    const res = await service.setWeights(caller, target, {
      weights: [
        { destination: 'v1', weight: 30 },
        { destination: 'v2', weight: 70 },
      ],
    });
    expect(res.http[0]!.route.map((r) => r.weight)).toEqual([30, 70]);
    await expect(
      service.setWeights(caller, target, { weights: [{ destination: 'reviews', weight: 100 }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      service.setWeights(caller, target, { weights: [{ destination: 'v1', weight: 50 }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('clusterConfig is for admins', async () => {
    await expect(service.status(user, { clusterConfig: 'eA==' })).rejects.toMatchObject({ statusCode: 403 });
    expect(await service.status(user, {})).toEqual({ installed: false, version: null, components: [] });
  });

  it('queries Istio metrics with escaped label values, dropping NaN steps', async () => {
    metrics.series.set('histogram_quantile', [
      {
        metric: {},
        values: [
          [1, 'NaN'],
          [2, '12.5'],
        ],
      },
    ]);
    const res = await service.metric(caller, 'latency', { service: 'a"b', namespace: 'ns', range: '1h' });
    expect(res.timeseries).toEqual([{ timestamp: 2, value: 12.5 }]);
    expect(metrics.queries.at(-1)!.query).toBe(
      'histogram_quantile(0.99, sum by (le) (rate(istio_request_duration_milliseconds_bucket{destination_service_name="a\\"b",destination_service_namespace="ns"}[60s])))',
    );
    expect(metrics.queries.at(-1)!.step).toBe(60);
  });
});

describe('operator names', () => {
  it('resolves well-known groups, else the group', () => {
    expect(operatorName('argoproj.io')).toBe('Argo');
    expect(operatorName('constraints.gatekeeper.sh')).toBe('Gatekeeper');
    expect(operatorName('kafka.strimzi.io')).toBe('Strimzi');
    expect(operatorName('example.com')).toBe('example.com');
  });
});
