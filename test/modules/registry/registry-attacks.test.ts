import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, type TestApp } from '../../helpers/app.js';

/**
 * Issue 20, items 5 and 6, from the outside: repository names that would leave `/v2/`, and
 * pagination links to another host, each against listeners on loopback standing in for the
 * registry, the Kong Admin API and the attacker's host.
 */
interface Listener {
  server: Server;
  url: string;
  requests: { url: string; headers: IncomingMessage['headers'] }[];
}

async function listener(
  answer: (req: IncomingMessage, l: Listener) => { status?: number; headers?: Record<string, string>; body: unknown },
): Promise<Listener> {
  const l = { requests: [] } as unknown as Listener;
  l.server = createServer((req, res) => {
    l.requests.push({ url: req.url ?? '', headers: req.headers });
    const a = answer(req, l);
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers }).end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => l.server.listen(0, '127.0.0.1', r));
  l.url = `http://127.0.0.1:${(l.server.address() as AddressInfo).port}`;
  return l;
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let attacker: Listener;
let registry: Listener;
let kong: Listener;
let hub: Listener;
const apps: TestApp[] = [];

beforeAll(async () => {
  attacker = await listener(() => ({ body: { data: [], next: null, results: [], next_page: null } }));
  registry = await listener((req) => {
    if (req.url?.startsWith('/v2/team/app/tags/list')) return { body: { name: 'team/app', tags: [] } };
    return { status: 404, body: { errors: [{ code: 'NAME_UNKNOWN' }] } };
  });
  kong = await listener((req) =>
    req.url?.startsWith('/routes')
      ? { body: { data: [], next: `${attacker.url}/routes?offset=steal` } }
      : { body: { data: [], next: null } },
  );
  hub = await listener((req) =>
    req.url?.startsWith('/v2/users/login')
      ? { body: { token: 'hub-jwt' } }
      : req.url?.startsWith('/v2/repositories/acme/')
        ? {
            body: {
              count: 2,
              results: [{ name: 'one', namespace: 'acme' }],
              next: `${attacker.url}/v2/repositories/acme/?page=2`,
            },
          }
        : { status: 404, body: {} },
  );
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  for (const a of apps) await a.close();
  await db?.drop();
  for (const l of [attacker, registry, kong, hub]) await new Promise<void>((r) => l.server.close(() => r()));
});

const app = async (env: Record<string, string>) => {
  const t = await buildTestApp(env, db);
  apps.push(t);
  return t;
};

describe('registry repository names (item 5)', () => {
  it('refuses names outside the OCI grammar (400) and never sends them, or the credentials, outside /v2/', async () => {
    const t = await app({
      REGISTRY_TYPE: 'oci',
      REGISTRY_URL: registry.url,
      REGISTRY_CREDENTIALS: JSON.stringify({ username: 'u', password: 'registry-secret' }),
    });
    const user = (await t.newUser('regatk')).token;
    const names = [
      '..%2F..%2Fadmin',
      'team%2F..%2F..%2Fadmin',
      'a%2F.%2Fb',
      'Team%2FApp',
      '-x',
      'a%2F%2Fb',
      '%2E%2E%2Fsecret',
    ];
    for (const name of names) {
      for (const path of [`${name}/tags`, `${name}/manifest/latest`, `${name}/scan/latest`]) {
        const res = await t.app.inject({ url: `/api/v1/registry/repositories/${path}`, headers: bearer(user) });
        expect(res.statusCode, path).toBe(400);
      }
    }
    const wild = await t.app.inject({
      url: '/api/v1/registry/repositories/team/../../admin/tags',
      headers: bearer(user),
    });
    expect([400, 404]).toContain(wild.statusCode);
    expect(registry.requests.filter((r) => !r.url.startsWith('/v2/'))).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/v1/registry/repositories/team%2Fapp/tags', headers: bearer(user) })).statusCode,
    ).toBe(200);
  });
});

describe('pagination links to another host (item 6)', () => {
  it('gateway sync does not follow an absolute `next` to another host, and never sends the Kong token there', async () => {
    const t = await app({
      GATEWAY_ALPHA_ENABLED: 'true',
      GATEWAY_ALPHA_URL: kong.url,
      GATEWAY_ALPHA_API_KEY: 'kong-admin-secret',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/gateway/sync',
      headers: bearer(await t.adminToken()),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(200);
    expect(res.body).not.toContain('kong-admin-secret');
    expect(kong.requests.length).toBeGreaterThan(0);
    expect(attacker.requests).toEqual([]);
  });

  it('the Docker Hub client does not follow a `next` link to another host with its token', async () => {
    const t = await app({
      REGISTRY_TYPE: 'hub',
      REGISTRY_URL: hub.url,
      REGISTRY_CREDENTIALS: JSON.stringify({ username: 'acme', password: 'hub-secret' }),
    });
    const res = await t.app.inject({
      url: '/api/v1/registry/repositories',
      headers: bearer((await t.newUser('hubatk')).token),
    });
    expect(res.statusCode).toBe(502);
    expect(hub.requests.some((r) => r.url.startsWith('/v2/repositories/acme/'))).toBe(true);
    expect(attacker.requests).toEqual([]);
  });
});
