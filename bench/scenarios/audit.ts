import { createWebhooksService } from '../../src/modules/webhooks/webhooks.service.js';
import { systemCaller } from '../../src/kernel/caller.js';
import type { AuditPort } from '../../src/kernel/audit.js';
import type { BenchRow, Scenario } from '../lib.js';

const WORKERS = 10;
const SECONDS = 4;
const ROUNDS = 3;

/**
 * A write with its audit record against the same write without (issue 36, decision 1045): the
 * webhooks service's `update` verb (one transaction: the row, and the record appended to the
 * organization's hash chain) built twice over the same database, once with the real audit port and
 * once with one that records nothing. Ten writers on distinct subscriptions of one organization,
 * best of three rounds each, alternating which goes first. Goal: ratio ≥ 0.85.
 */
const auditScenario: Scenario = async (ctx) => {
  const { app } = ctx;
  const h = app.hangar;
  const org = await fetch(`${ctx.baseUrl}/api/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Audit bench', slug: `audit-bench-${Math.random().toString(36).slice(2, 8)}` }),
  });
  const organizationId = ((await org.json()) as { id: string }).id;
  const caller = systemCaller({ organizationId });
  const admitAll = { admit: async (url: string) => url };
  const build = (audit: AuditPort) =>
    createWebhooksService({
      db: h.db,
      jobs: h.jobs,
      log: app.log,
      audit,
      events: h.events,
      transport: admitAll,
      retryScale: 1,
      attempt: async () => ({ ok: true, status: 200, body: '', durationMs: 0, error: null }),
      roleOf: async () => 'owner',
    });
  const withAudit = build(h.audit);
  const without = build({ record: async () => {} });
  const subs = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) =>
      withAudit.create(caller, { url: `https://hooks.example.test/${i}`, events: ['*'], active: false }),
    ),
  );
  const measure = async (service: typeof withAudit) => {
    const until = Date.now() + SECONDS * 1000;
    let writes = 0;
    await Promise.all(
      subs.map(async (sub, i) => {
        for (let n = 0; Date.now() < until; n++) {
          await service.update(caller, sub.id, { description: `write ${i}.${n}` });
          writes++;
        }
      }),
    );
    return writes / SECONDS;
  };
  await measure(withAudit);
  await measure(without);
  let best = { with: 0, without: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const a = round % 2 === 0 ? await measure(withAudit) : 0;
    const b = await measure(without);
    const c = round % 2 === 1 ? await measure(withAudit) : a;
    best = { with: Math.max(best.with, c), without: Math.max(best.without, b) };
  }
  const ratio = best.with / best.without;
  const rows: BenchRow[] = [
    {
      scenario: `webhook subscription update, no audit record, ${WORKERS} writers`,
      database: ctx.kind,
      rps: Math.round(best.without),
      note: 'the reference for the line below',
    },
    {
      scenario: `webhook subscription update with its audit record, ${WORKERS} writers`,
      database: ctx.kind,
      rps: Math.round(best.with),
      note: `${ratio.toFixed(2)} of the write without (goal ≥ 0.85): ${ratio >= 0.85 ? 'met' : 'NOT met'}`,
    },
  ];
  return rows;
};

export default auditScenario;
