import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrometheusClient } from '../../src/integrations/prometheus/client.js';
import { PrometheusMetricsAdapter } from '../../src/integrations/prometheus/prometheus.adapter.js';
import { systemCaller } from '../../src/kernel/caller.js';
import { createMeshOneService } from '../../src/modules/meshone/index.js';
import { createMeshTwoService } from '../../src/modules/meshtwo/index.js';
import { FakeIstio } from '../fakes/ports/mesh-one.fake.js';
import { FakeLinkerd } from '../fakes/ports/mesh-two.fake.js';
import {
  startExporter,
  startPrometheus,
  waitForSamples,
  type Exporter,
  type PrometheusServer,
} from '../helpers/prometheus.js';
import { metricsContract } from './metrics.contract.js';

/**
 * The metrics adapter, driven by both meshes' services, against a REAL Prometheus (Debian's 2.42) scraping, every second, a local
 * exporter that serves Istio- and Linkerd-shaped counters and histograms: the PromQL of both meshes
 * is run by the real engine. Counters grow in fixed proportions, so ratios and quantiles are exact.
 */
let prom: PrometheusServer;
let exporter: Exporter;
let meshOne: ReturnType<typeof createMeshOneService>;
let meshTwo: ReturnType<typeof createMeshTwoService>;
const caller = systemCaller();
const started = Date.now();

function render(): string {
  const s = (Date.now() - started) / 1000 + 1;
  const istio = (labels: string) =>
    `destination_service_name="reviews",destination_service_namespace="bookinfo"${labels}`;
  const l5d = (labels: string) => `deployment="web",namespace="emojivoto",direction="inbound"${labels}`;
  return [
    '# HELP istio_requests_total Total requests.',
    '# TYPE istio_requests_total counter',
    `istio_requests_total{${istio(',response_code="200",reporter="destination"')}} ${10 * s}`,
    `istio_requests_total{${istio(',response_code="503",reporter="destination"')}} ${1 * s}`,
    // The client's proxy reports the same calls again (real Istio): rps must not count them twice.
    `istio_requests_total{${istio(',response_code="200",reporter="source"')}} ${10 * s}`,
    `istio_requests_total{${istio(',response_code="503",reporter="source"')}} ${1 * s}`,
    // A service called only from inside the mesh by a destination outside it: source reports only.
    `istio_requests_total{destination_service_name="external",destination_service_namespace="bookinfo",response_code="200",reporter="source"} ${4 * s}`,
    // Another service in the same namespace: the filters must leave it out.
    `istio_requests_total{destination_service_name="ratings",destination_service_namespace="bookinfo",response_code="500",reporter="destination"} ${50 * s}`,
    '# TYPE istio_request_duration_milliseconds histogram',
    `istio_request_duration_milliseconds_bucket{${istio(',le="10"')}} ${90 * s}`,
    `istio_request_duration_milliseconds_bucket{${istio(',le="100"')}} ${99 * s}`,
    `istio_request_duration_milliseconds_bucket{${istio(',le="1000"')}} ${100 * s}`,
    `istio_request_duration_milliseconds_bucket{${istio(',le="+Inf"')}} ${100 * s}`,
    `istio_request_duration_milliseconds_sum{${istio('')}} ${2000 * s}`,
    `istio_request_duration_milliseconds_count{${istio('')}} ${100 * s}`,
    '# TYPE response_total counter',
    `response_total{${l5d(',classification="success",status_code="200",tls="true"')}} ${20 * s}`,
    `response_total{${l5d(',classification="failure",status_code="500",tls="true"')}} ${5 * s}`,
    `response_total{deployment="web",namespace="emojivoto",direction="outbound",dst_deployment="emoji",dst_namespace="emojivoto",classification="success",tls="true"} ${7 * s}`,
    `response_total{deployment="web",namespace="emojivoto",direction="outbound",dst_deployment="voting",dst_namespace="emojivoto",classification="success",tls="true"} ${3 * s}`,
    '# TYPE response_latency_ms histogram',
    `response_latency_ms_bucket{${l5d(',le="5"')}} ${50 * s}`,
    `response_latency_ms_bucket{${l5d(',le="50"')}} ${95 * s}`,
    `response_latency_ms_bucket{${l5d(',le="500"')}} ${100 * s}`,
    `response_latency_ms_bucket{${l5d(',le="+Inf"')}} ${100 * s}`,
    `response_latency_ms_sum{${l5d('')}} ${1000 * s}`,
    `response_latency_ms_count{${l5d('')}} ${100 * s}`,
    '',
  ].join('\n');
}

beforeAll(async () => {
  exporter = await startExporter(render);
  prom = await startPrometheus([exporter.target]);
  // rate() needs two samples inside its window, also at the whole second a range query ends on.
  await waitForSamples(prom.url, 'count_over_time(istio_requests_total{response_code="200"}[1m]) > 4');
  const metrics = new PrometheusMetricsAdapter(prom.url, 10_000);
  meshOne = createMeshOneService({ mesh: new FakeIstio(), metrics });
  meshTwo = createMeshTwoService({ mesh: new FakeLinkerd(), metrics });
}, 90_000);

afterAll(async () => {
  await prom?.stop();
  await exporter?.close();
});

// Debian's Prometheus, started by this file's beforeAll (which runs before the suite's own).
metricsContract("Prometheus adapter against Debian's Prometheus", async () => ({
  port: new PrometheusMetricsAdapter(prom.url, 10_000),
  service: { service: 'reviews', namespace: 'bookinfo' },
  deployment: { deployment: 'web', namespace: 'emojivoto' },
  unreachable: () => new PrometheusMetricsAdapter('http://127.0.0.1:1', 2000),
}));

describe('PrometheusClient', () => {
  it('runs a range query and answers the matrix', async () => {
    const now = Math.floor(Date.now() / 1000);
    const series = await new PrometheusClient(prom.url).queryRange('sum by (response_code) (istio_requests_total)', {
      start: now - 60,
      end: now,
      step: 15,
    });
    expect(series.map((s) => s.metric.response_code).sort()).toEqual(['200', '500', '503']);
    expect(series[0]!.values[0]).toEqual([expect.any(Number), expect.any(String)]);
  });

  it('reports a query the store refuses as 502', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(
      new PrometheusClient(prom.url).queryRange('sum(', { start: now - 60, end: now, step: 15 }),
    ).rejects.toMatchObject({ statusCode: 502 });
  });
});

describe('mesh one metrics (Istio) on the real engine', () => {
  const q = (range?: string, service = 'reviews') => ({ service, namespace: 'bookinfo', range: range ?? '1h' });

  it('rps: one series of requests per second of the destination service', async () => {
    const body = await meshOne.metric(caller, 'rps', q('5m'));
    expect(body).toMatchObject({ metric: 'rps', service: 'reviews', namespace: 'bookinfo' });
    expect(body.timeseries.length).toBeGreaterThan(0);
    const last = body.timeseries.at(-1)!;
    expect(Number.isInteger(last.timestamp)).toBe(true);
    // rate() over a 1 m window holding only the seconds since the exporter started: above 0, at most 11/s.
    expect(last.value).toBeGreaterThan(0);
    expect(last.value).toBeLessThan(12);
  });

  it('error-rate: the 5xx share', async () => {
    expect((await meshOne.metric(caller, 'error-rate', q('5m'))).timeseries.at(-1)!.value).toBeCloseTo(1 / 11, 3);
  });

  it('latency: P99 through histogram_quantile (range 1h, step 60 s)', async () => {
    expect((await meshOne.metric(caller, 'latency', q('1h'))).timeseries.at(-1)!.value).toBeCloseTo(100, 3);
  });

  it('rps: a service only the source proxies report is still counted', async () => {
    const last = (await meshOne.metric(caller, 'rps', q('5m', 'external'))).timeseries.at(-1)!;
    expect(last.value).toBeGreaterThan(0);
    expect(last.value).toBeLessThan(4.5);
  });

  it('an unknown service has an empty series', async () => {
    expect((await meshOne.metric(caller, 'rps', q('5m', 'nothing'))).timeseries).toEqual([]);
  });
});

describe('mesh two metrics (Linkerd) on the real engine', () => {
  const q = (range = '5m') => ({ deployment: 'web', namespace: 'emojivoto', range });

  it('rps: the range result of inbound requests per second', async () => {
    const body = await meshTwo.rps(caller, q());
    expect(body.query).toContain('direction="inbound"');
    expect(body.timeseries).toHaveLength(1);
    const [ts, value] = body.timeseries[0]!.values.at(-1)!;
    expect(typeof ts).toBe('number');
    expect(typeof value).toBe('string');
    expect(Number(value)).toBeGreaterThan(0);
    expect(Number(value)).toBeLessThan(26);
  });

  it('error-rate: the failure share', async () => {
    const body = await meshTwo.errorRate(caller, q('10m'));
    expect(Number(body.timeseries[0]!.values.at(-1)![1])).toBeCloseTo(0.2, 3);
  });

  it('latency: p50, p95 and p99 range results', async () => {
    const body = await meshTwo.latency(caller, q());
    const last = (k: 'p50' | 'p95' | 'p99') => Number(body[k].timeseries[0]!.values.at(-1)![1]);
    expect(last('p50')).toBeCloseTo(5, 3);
    expect(last('p95')).toBeCloseTo(50, 3);
    expect(last('p99')).toBeCloseTo(410, 3);
  });

  it('topology: deployment edges of outbound traffic with their rate', async () => {
    const edges = await meshTwo.topology(caller, { range: '5m' });
    expect(edges.map((e) => [e.source, e.destination, e.namespace])).toEqual([
      ['web', 'emoji', 'emojivoto'],
      ['web', 'voting', 'emojivoto'],
    ]);
    expect(edges[0]!.rps).toBeGreaterThan(0);
    expect(edges[0]!.rps! / edges[1]!.rps!).toBeCloseTo(7 / 3, 3);
  });

  it('validates range', async () => {
    await expect(meshTwo.rps(caller, q('5x'))).rejects.toMatchObject({ statusCode: 400 });
    await expect(meshTwo.topology(caller, { range: '0s' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('serves valid ranges beyond 11,000 points of 900 s (a coarser step), which Prometheus would otherwise refuse', async () => {
    expect((await meshTwo.rps(caller, q('200d'))).timeseries.length).toBeGreaterThan(0);
    expect(Array.isArray(await meshTwo.topology(caller, { range: '9999999d' }))).toBe(true);
    expect(
      (await meshOne.metric(caller, 'rps', { service: 'reviews', namespace: 'bookinfo', range: '1000d' })).timeseries
        .length,
    ).toBeGreaterThan(0);
  });
});

describe('a stopped metrics store', () => {
  it('answers 503 naming the metrics store', async () => {
    await prom.stop();
    for (const run of [
      () => meshOne.metric(caller, 'rps', { service: 'reviews', namespace: 'bookinfo', range: '1h' }),
      () => meshTwo.latency(caller, { deployment: 'web', namespace: 'emojivoto', range: '5m' }),
      () => meshTwo.topology(caller, { range: '5m' }),
    ]) {
      await expect(run()).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('Metrics store') });
    }
  });
});
