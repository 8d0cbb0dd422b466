import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGateway } from '../../fakes/ports/gateway.fake.js';
import { FakeRouteProbe } from '../../fakes/ports/route-probe.fake.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { createGatewayService, type UpstreamRoute } from '../../../src/modules/gateway/index.js';
import { createTestDatabase } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/** The gateway service over in-memory gateways (no Kong, no AWS), on a database of its own. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;

const caller = systemCaller();
const user = { ...caller, actor: { ...caller.actor, kind: 'user' as const, isAdmin: false, roles: ['user'] } };
const MISSING = '00000000-0000-4000-8000-000000000000';
const page = { page: 1, limit: 100 };

const route = (externalId: string, extra: Partial<UpstreamRoute> = {}): UpstreamRoute => ({
  externalId,
  name: `route-${externalId}`,
  paths: [`/${externalId}`],
  methods: ['GET'],
  tags: [],
  probeUrl: `http://proxy.gw.test/${externalId}`,
  ...extra,
});

/** Probe answers by route: `slow` after 3 s, `broken` 503, `teapot` 418, `offline` no answer, else 200 quickly. */
const probe = new FakeRouteProbe();
probe.answers.set('http://proxy.gw.test/ok', { statusCode: 200, latencyMs: 12 });
probe.answers.set('http://proxy.gw.test/teapot', { statusCode: 418, latencyMs: 12 });
probe.answers.set('http://proxy.gw.test/slow', { statusCode: 200, latencyMs: 3_000 });
probe.answers.set('http://proxy.gw.test/broken', { statusCode: 503, latencyMs: 12 });
probe.answers.set('http://proxy.gw.test/offline', { statusCode: null, latencyMs: 5 });

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('gateway service over FakeGateway', () => {
  const alpha = new FakeGateway('alpha');
  const beta = new FakeGateway('beta');
  const service = () => createGatewayService({ db: db.handle.db, adapters: [alpha, beta], degradedMs: 1_500, probe });

  it('no gateway enabled: sync is {synced: 0, errors: []} and nothing is listed', async () => {
    const none = createGatewayService({ db: db.handle.db, adapters: [], degradedMs: 1000, probe });
    expect(await none.sync(caller)).toEqual({ synced: 0, errors: [] });
    expect(await none.list(user, page)).toEqual({ data: [], total: 0, page: 1, limit: 100 });
    expect(await none.health(user)).toEqual({ data: [] });
    expect(await none.check(caller)).toEqual({ checked: 0, up: 0, degraded: 0, down: 0 });
  });

  it('sync upserts the routes each gateway reports (duplicates once), a gateway that is down goes to errors', async () => {
    alpha.routes = [
      route('a1', { name: 'orders', paths: ['/orders', '/orders/v2'], methods: ['GET', 'POST'], tags: ['shop'] }),
      route('a2', { name: 'billing', methods: [] }),
      route('a1', { name: 'orders', paths: ['/orders', '/orders/v2'], methods: ['GET', 'POST'], tags: ['shop'] }),
    ];
    beta.up = false;
    beta.routes = [route('b1')];
    const res = await service().sync(caller);
    expect(res).toEqual({ synced: 2, errors: [{ gatewayType: 'beta', message: 'Gateway is unreachable' }] });

    const list = await service().list(user, page);
    expect(list.total).toBe(2);
    expect(list.data).toEqual([
      {
        id: expect.any(String),
        externalId: 'a2',
        name: 'billing',
        paths: ['/a2'],
        methods: [],
        tags: [],
        gatewayType: 'alpha',
        syncedAt: expect.any(Date),
        componentId: null,
        stale: false,
        staleSince: null,
      },
      expect.objectContaining({
        externalId: 'a1',
        name: 'orders',
        paths: ['/orders', '/orders/v2'],
        methods: ['GET', 'POST'],
        tags: ['shop'],
        gatewayType: 'alpha',
      }),
    ]);
    const one = await service().get(user, list.data[1]!.id);
    expect(one).toEqual(list.data[1]);
    await expect(service().get(user, MISSING)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Gateway route not found',
    });

    beta.up = true;
    expect(await service().sync(caller)).toEqual({ synced: 3, errors: [] });
    expect((await service().list(user, { ...page, gatewayType: 'beta' })).data.map((r) => r.externalId)).toEqual([
      'b1',
    ]);
  });

  it('a route the gateway stops reporting turns stale (first staleSince kept) and is cleared when it returns', async () => {
    const find = async (externalId: string) =>
      (await service().list(user, page)).data.find((r) => r.externalId === externalId)!;
    const saved = alpha.routes;
    alpha.routes = saved.filter((r) => r.externalId !== 'a2');
    await service().sync(caller);
    const stale = await find('a2');
    expect(stale).toMatchObject({ stale: true, staleSince: expect.any(Date) });
    expect((await service().list(user, { ...page, stale: true })).data.map((r) => r.externalId)).toEqual(['a2']);

    await service().sync(caller);
    expect((await find('a2')).staleSince).toEqual(stale.staleSince);

    alpha.routes = saved;
    await service().sync(caller);
    expect(await find('a2')).toMatchObject({ stale: false, staleSince: null });
  });

  it('a gateway that goes down keeps its routes as they were (not stale, not removed)', async () => {
    const before = (await service().list(user, { ...page, gatewayType: 'alpha' })).data;
    alpha.up = false;
    try {
      const res = await service().sync(caller);
      expect(res.errors).toEqual([{ gatewayType: 'alpha', message: 'Gateway is unreachable' }]);
      expect(res.synced).toBe(1); // beta still answered
      const after = (await service().list(user, { ...page, gatewayType: 'alpha' })).data;
      expect(after).toEqual(before);
      expect(after.every((r) => !r.stale)).toBe(true);
    } finally {
      alpha.up = true;
    }
  });

  it('link sets the component; sync never touches it; null unlinks; 404 for a missing route or component', async () => {
    const c = await insertComponent(db.handle.db);
    const orders = (await service().list(user, page)).data.find((r) => r.externalId === 'a1')!;
    expect(await service().link(user, orders.id, c!.id)).toMatchObject({ id: orders.id, componentId: c!.id });
    await service().sync(caller);
    expect((await service().get(user, orders.id)).componentId).toBe(c!.id);
    expect((await service().list(user, { ...page, componentId: c!.id })).data.map((r) => r.id)).toEqual([orders.id]);
    await expect(service().link(user, orders.id, MISSING)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Component not found',
    });
    await expect(service().link(user, MISSING, c!.id)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Gateway route not found',
    });
    expect(await service().link(user, orders.id, null)).toMatchObject({ componentId: null });
  });

  it('health check probes every route still present: up, degraded, down (5xx, network error, no probe URL)', async () => {
    alpha.routes = [
      route('ok', { probeUrl: 'http://proxy.gw.test/ok' }),
      route('teapot', { probeUrl: 'http://proxy.gw.test/teapot' }),
      route('slow', { probeUrl: 'http://proxy.gw.test/slow' }),
      route('broken', { probeUrl: 'http://proxy.gw.test/broken' }),
      route('offline', { probeUrl: 'http://proxy.gw.test/offline' }),
      route('noprobe', { probeUrl: null }),
    ];
    beta.routes = [];
    await service().sync(caller);
    probe.probed.length = 0;
    expect(await service().check(caller)).toEqual({ checked: 6, up: 2, degraded: 1, down: 3 });
    // Stale routes (a1, a2, b1 now) are not probed.
    expect(probe.probed.map((u) => new URL(u).pathname).sort()).toEqual([
      '/broken',
      '/offline',
      '/ok',
      '/slow',
      '/teapot',
    ]);

    const routes = new Map((await service().list(user, page)).data.map((r) => [r.id, r.externalId]));
    const byName = Object.fromEntries((await service().health(user)).data.map((h) => [routes.get(h.routeId), h]));
    expect(Object.keys(byName).sort()).toEqual(['broken', 'noprobe', 'offline', 'ok', 'slow', 'teapot']);
    expect(byName.ok).toMatchObject({ status: 'up', checkedAt: expect.any(Date) });
    expect(byName.teapot!.status).toBe('up');
    expect(byName.slow!.status).toBe('degraded');
    expect(byName.slow!.latencyMs).toBeGreaterThan(1_500);
    expect(byName.broken!.status).toBe('down');
    expect(byName.offline!.status).toBe('down');
    expect(byName.noprobe).toMatchObject({ status: 'down', latencyMs: 0 });

    // The latest check per route: a second round replaces what health answers.
    await service().check(caller);
    expect((await service().health(user)).data).toHaveLength(6);
  });
});
