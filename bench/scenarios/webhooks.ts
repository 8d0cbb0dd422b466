import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BenchRow, Scenario } from '../lib.js';

const SUBSCRIPTIONS = 10;
/** BENCH_WEBHOOK_EVENTS (default 10,000) events, emitted at BENCH_WEBHOOK_RATE a second (default 100). */
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 100);

/**
 * Event-to-delivery latency (issue 36, decision 1046): EVENTS domain events of one organization,
 * emitted on the bus at a steady RATE, each delivered to ten subscriptions on a local receiver,
 * while an eleventh subscription to the same events points at a receiver that never answers (each
 * of its attempts waits out the 10 s timeout). The latency of a delivery is the receiver's clock
 * minus the emit time carried in the event. Goal: p99 < 2 s.
 */
const webhooksScenario: Scenario = async (ctx) => {
  const latencies: number[] = [];
  const dead = new Set<import('node:http').ServerResponse>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/dead') return void dead.add(res); // never answers
      const event = JSON.parse(body) as { data: { emittedAt?: number } };
      if (event.data.emittedAt) latencies.push(Date.now() - event.data.emittedAt);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = (path: string, body: unknown, organizationId?: string) =>
    fetch(`${ctx.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ctx.adminToken}`,
        'content-type': 'application/json',
        ...(organizationId ? { 'x-organization-id': organizationId } : {}),
      },
      body: JSON.stringify(body),
    });
  const org = (
    (await (
      await api('/api/v1/organizations', {
        name: 'Webhook bench',
        slug: `hooks-bench-${Math.random().toString(36).slice(2, 8)}`,
      })
    ).json()) as {
      id: string;
    }
  ).id;
  const ids: string[] = [];
  for (const path of [...Array.from({ length: SUBSCRIPTIONS }, (_, i) => `/healthy/${i}`), '/dead']) {
    const res = await api(
      '/api/v1/webhook-subscriptions',
      { url: `${receiver}${path}`, events: ['deployment.*'] },
      org,
    );
    if (res.status !== 201) throw new Error(`subscription failed: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  const started = Date.now();
  const events = ctx.app.hangar.events;
  for (let sent = 0; sent < EVENTS;) {
    const due = Math.min(EVENTS, Math.floor(((Date.now() - started) / 1000) * RATE) + 1);
    for (; sent < due; sent++)
      events.emit('deployment.updated', { id: `bench-${sent}`, emittedAt: Date.now() } as never, {
        organizationId: org,
      });
    await new Promise((r) => setTimeout(r, 20));
  }
  const expected = EVENTS * SUBSCRIPTIONS;
  const deadline = Date.now() + 600_000;
  while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const seconds = (Date.now() - started) / 1000;
  // Stop the dead subscription's retries before the app closes; let go of its hanging requests.
  await fetch(`${ctx.baseUrl}/api/v1/webhook-subscriptions/${ids.at(-1)}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${ctx.adminToken}`,
      'content-type': 'application/json',
      'x-organization-id': org,
    },
    body: JSON.stringify({ active: false }),
  });
  for (const res of dead) res.destroy();
  server.closeAllConnections();
  server.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const rows: BenchRow[] = [
    {
      scenario: `${EVENTS.toLocaleString('en')} events at ${RATE}/s to ${SUBSCRIPTIONS} subscriptions + 1 dead receiver, event to delivery`,
      database: ctx.kind,
      p50Ms: pct(50),
      p99Ms: pct(99),
      seconds,
      note: `${latencies.length}/${expected} delivered; p99 goal < 2000 ms: ${pct(99) < 2000 && latencies.length === expected ? 'met' : 'NOT met'}`,
    },
  ];
  return rows;
};

export default webhooksScenario;
