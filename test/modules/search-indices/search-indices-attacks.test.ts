import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComponent } from '../../fakes/components.js';
import { bearer, buildTestApp, createTestDatabase, expectError, uniq, type TestApp } from '../../helpers/app.js';

/** Issue 20, items 2, 7 and 11: search-index links as an attack surface, from the outside. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let prod: TestApp;
let admin: string;
let internal: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  // The internal host: a listener on loopback answering an index list nobody outside should see.
  internal = createServer((_req, res) => {
    hits++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([{ index: 'secret-internal', health: 'green', 'docs.count': '1', 'store.size': '1' }]));
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  port = (internal.address() as AddressInfo).port;
  db = await createTestDatabase();
  t = await buildTestApp({}, db);
  // As in production: no internal addresses for links.
  prod = await buildTestApp({ SEARCH_ALLOW_INTERNAL_URLS: 'false' }, db);
  admin = await t.adminToken();
});
afterAll(async () => {
  await prod?.close();
  await t?.close();
  await db?.drop();
  await new Promise<void>((r) => internal.close(() => r()));
});

const base = (id: string) => `/api/v1/components/${id}/searchengine-indices`;

describe('search-index links and internal addresses (items 2 and 11)', () => {
  it('refuses every IPv6 spelling of an internal address, and never calls it', async () => {
    const c = await createComponent(prod);
    const user = (await prod.newUser('srchatk')).token;
    const spellings = [
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}`,
      'http://[::ffff:169.254.169.254]',
      'http://[64:ff9b::a9fe:a9fe]',
      'http://[2002:a9fe:a9fe::]',
      'http://[64:ff9b:1::a9fe:a9fe]',
      `http://[::127.0.0.1]:${port}`,
      'http://[febf::1]',
      `http://2130706433:${port}`,
      `http://public.invalid\\@127.0.0.1:${port}`,
    ];
    for (const searchUrl of spellings) {
      const res = await prod.app.inject({
        method: 'POST',
        url: base(c.id),
        headers: bearer(user),
        payload: { indexPattern: 'x', searchUrl },
      });
      expect(res.statusCode, searchUrl).toBe(400);
    }
    const stats = await prod.app.inject({ url: `${base(c.id)}/stats`, headers: bearer(user) });
    expect(stats.statusCode).toBe(200);
    expect(JSON.stringify(stats.json())).not.toContain('secret-internal');
    expect(hits).toBe(0);
  });
});

describe('search-index links and organizations (item 7)', () => {
  it("a member of another organization cannot delete an organization's link (403); members and admins can", async () => {
    const org = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/organizations',
          headers: bearer(admin),
          payload: { name: 'S', slug: uniq('so') },
        })
      ).json().id as string;
    const [orgA, orgB] = [await org(), await org()];
    const [a, b] = [await t.newUser('srcha'), await t.newUser('srchb')];
    for (const [o, u] of [
      [orgA, a],
      [orgB, b],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/organizations/${o}/members`,
        headers: bearer(admin),
        payload: { userId: u.id, role: 'member' },
      });
      expect(res.statusCode).toBe(201);
    }
    const c = await createComponent(t);
    const link = await t.app.inject({
      method: 'POST',
      url: base(c.id),
      headers: { ...bearer(a.token), 'x-organization-id': orgA },
      payload: { indexPattern: 'logs-*' },
    });
    expect(link.statusCode).toBe(201);
    const del = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `${base(c.id)}/${link.json().id}`, headers: bearer(token) });
    expectError(await del(b.token), 403);
    expectError(await del((await t.newUser('srchc')).token), 403);
    expect((await t.app.inject({ url: base(c.id), headers: bearer(a.token) })).json()).toHaveLength(1);
    expect((await del(a.token)).statusCode).toBe(204);
    expect((await t.app.inject({ url: base(c.id), headers: bearer(a.token) })).json()).toHaveLength(0);
  });
});
