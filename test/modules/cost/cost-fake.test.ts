import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { components, teams } from '../../../src/db/schema/index.js';
import { FakeCostSource } from '../../fakes/ports/cost-source.fake.js';
import type { Caller } from '../../../src/kernel/caller.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { NotFound } from '../../../src/kernel/errors.js';
import { createCostService, type Allocation } from '../../../src/modules/cost/index.js';
import { createTestDatabase, uniq } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/** The cost service over the in-memory cost source (no OpenCost), on a database of its own. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;

const caller = systemCaller();
const user = { ...caller, actor: { ...caller.actor, kind: 'user' as const, isAdmin: false, roles: ['user'] } };
const MISSING = '00000000-0000-4000-8000-000000000000';

const alloc = (totalCost: number): Allocation => ({
  cpuCost: totalCost * 0.5,
  memoryCost: totalCost * 0.25,
  pvCost: totalCost * 0.125,
  networkCost: 0,
  totalCost,
});

/**
 * The two catalog verbs the cost service calls, read straight from this file's database (the real
 * catalog service needs the whole application context).
 */
function catalogStub() {
  const pages: number[] = [];
  const catalog = {
    pages,
    async list(_caller: Caller, q: { skip: number; take: number }) {
      pages.push(q.skip);
      const cols = { id: components.id, name: components.name, annotations: components.annotations };
      const data = await db.handle.db
        .select(cols)
        .from(components)
        .orderBy(asc(components.name), asc(components.id))
        .limit(q.take)
        .offset(q.skip);
      const [{ total }] = (await db.handle.db.select({ total: count() }).from(components)) as [{ total: number }];
      return { data, total };
    },
    async componentsOfTeam(_caller: Caller, teamId: string) {
      const [team] = await db.handle.db.select().from(teams).where(eq(teams.id, teamId));
      if (!team) throw new NotFound('Team not found');
      return db.handle.db
        .select({ id: components.id, name: components.name })
        .from(components)
        .where(eq(components.teamId, teamId));
    },
  };
  return catalog;
}

const component = (values: { name?: string; annotations?: Record<string, string>; teamId?: string } = {}) =>
  insertComponent(db.handle.db, values);

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('cost service over FakeCostSource', () => {
  const build = (source: FakeCostSource, catalog = catalogStub()) =>
    createCostService({
      db: db.handle.db,
      source,
      currency: 'EUR',
      catalog: catalog as unknown as Parameters<typeof createCostService>[0]['catalog'],
    });

  it('available follows the source health probe', async () => {
    const source = new FakeCostSource();
    const service = build(source);
    expect(await service.available(user)).toEqual({ available: true });
    source.up = false;
    expect(await service.available(user)).toEqual({ available: false });
  });

  it('actual: 7- and 30-day allocations by the component key (label:app by default, app=<name> accepted)', async () => {
    const source = new FakeCostSource();
    const service = build(source);
    const web = await component();
    source.set('7d', 'label:app', web.name, alloc(7));
    source.set('30d', 'label:app', `app=${web.name}`, alloc(30));
    source.set('7d', 'label:app', 'someone-else', alloc(99));
    expect(await service.actual(user, web.id)).toEqual({
      componentId: web.id,
      sevenDay: alloc(7),
      thirtyDay: alloc(30),
    });

    const shop = await component({ annotations: { 'hangar.io/cost-aggregate': 'namespace:shop' } });
    source.set('7d', 'namespace', 'shop', alloc(70));
    // No 30-day entry: null, not zeros.
    expect(await service.actual(user, shop.id)).toEqual({ componentId: shop.id, sevenDay: alloc(70), thirtyDay: null });

    const unknown = await component();
    expect(await service.actual(user, unknown.id)).toEqual({
      componentId: unknown.id,
      sevenDay: null,
      thirtyDay: null,
    });
    await expect(service.actual(user, MISSING)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Component not found',
    });
  });

  it('source unreachable: actual and sync answer 503, nothing is stored', async () => {
    const source = new FakeCostSource();
    const catalog = catalogStub();
    const service = build(source, catalog);
    const c = await component();
    source.set('7d', 'label:app', c.name, alloc(1));
    source.up = false;
    await expect(service.actual(user, c.id)).rejects.toMatchObject({
      statusCode: 503,
      message: 'OpenCost is unreachable',
    });
    await expect(service.sync(caller)).rejects.toMatchObject({ statusCode: 503 });
    expect(await service.history(user, c.id)).toEqual([]);
  });

  it('sync stores one 7-day record per component with an allocation, one query per aggregation, across pages', async () => {
    const source = new FakeCostSource();
    const catalog = catalogStub();
    const service = build(source, catalog);
    const [team] = await db.handle.db
      .insert(teams)
      .values({ name: uniq('team'), type: 'dev' })
      .returning();
    const prefix = uniq('bulk');
    // Enough components for two catalog pages.
    await db.handle.db
      .insert(components)
      .values(
        Array.from({ length: 110 }, (_, i) => ({ name: `${prefix}-${String(i).padStart(3, '0')}`, kind: 'service' })),
      );
    const cheap = await component({ teamId: team!.id, annotations: { 'hangar.io/budget-usd': '$5' } });
    const dear = await component({
      teamId: team!.id,
      annotations: { 'hangar.io/cost-aggregate': 'namespace:payments', 'hangar.io/budget-usd': 'lots' },
    });
    const idle = await component({ teamId: team!.id });
    source.set('7d', 'label:app', cheap.name, alloc(2.5));
    source.set('7d', 'label:app', `${prefix}-042`, alloc(1));
    source.set('7d', 'namespace', 'payments', alloc(40));
    source.set('7d', 'namespace', '__idle__', alloc(1000));
    source.set('30d', 'label:app', idle.name, alloc(3)); // another window: not synced

    const spy = vi.spyOn(source, 'allocations');
    expect(await service.sync(caller)).toBe(3);
    expect(catalog.pages).toEqual([0, 100]);
    expect(spy.mock.calls.map(([window, aggregate]) => `${window} ${aggregate}`).sort()).toEqual([
      '7d label:app',
      '7d namespace',
    ]);

    const [record] = await service.history(user, dear.id);
    expect(record).toEqual({ ...alloc(40), currency: 'EUR', syncedAt: expect.any(Date) });
    expect(await service.history(user, idle.id)).toEqual([]);
    await expect(service.history(user, MISSING)).rejects.toMatchObject({ statusCode: 404 });

    expect(await service.teamSummary(user, team!.id)).toEqual({
      teamId: team!.id,
      totalCost: 42.5,
      currency: 'EUR',
      components: [
        { componentId: dear.id, totalCost: 40, window: '7d' },
        { componentId: cheap.id, totalCost: 2.5, window: '7d' },
      ],
    });
    await expect(service.teamSummary(user, MISSING)).rejects.toMatchObject({ statusCode: 404 });

    const top = await service.platformSummary(user, 2);
    expect(top).toEqual([
      { componentId: dear.id, totalCost: 40, currency: 'EUR', syncedAt: record!.syncedAt, budgetUsd: null },
      { componentId: cheap.id, totalCost: 2.5, currency: 'EUR', syncedAt: record!.syncedAt, budgetUsd: 5 },
    ]);

    // A second run adds a record; history is newest first and platform figures use the latest.
    source.set('7d', 'namespace', 'payments', alloc(10));
    await new Promise((r) => setTimeout(r, 5));
    expect(await service.sync(caller)).toBe(3);
    const history = await service.history(user, dear.id);
    expect(history.map((h) => h.totalCost)).toEqual([10, 40]);
    expect((await service.platformSummary(user, 1))[0]).toMatchObject({ componentId: dear.id, totalCost: 10 });
  });
});
