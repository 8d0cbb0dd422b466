import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from './queue/index.js';

/** Prometheus metrics: requests and latencies by route, queue depths, process defaults. */
export function registerMetrics(app: FastifyInstance, queue: JobQueue) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs waiting, delayed or running, by job name',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depths = await queue.depths().catch(() => ({}) as Record<string, number>);
      for (const [name, n] of Object.entries(depths)) this.set({ queue: name }, n);
    },
  });

  // Label children are looked up once per (method, route, status): prom-client hashes the label set
  // on every call otherwise. The set is bounded by the routes, never by the raw URL.
  const series = new Map<string, { count: { inc(): void }; latency: { observe(v: number): void } }>();
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: ids in paths would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = {
        count: requests.labels({ method: request.method, route, status_code: String(reply.statusCode) }),
        latency: duration.labels({ method: request.method, route }),
      };
      series.set(key, child);
    }
    child.count.inc();
    child.latency.observe(reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } as any }, async (_req, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
