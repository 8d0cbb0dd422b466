import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, type TestApp } from '../../helpers/app.js';

/** GET /api/v1/scaffold-requests/:id/file: one rendered file of a request, for the portal's preview (decision 700). */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let alice: { id: string; token: string };
let bob: { id: string; token: string };
let requestId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp({}, db);
  alice = await t.newUser('alice');
  bob = await t.newUser('bob');
  const list = await t.app.inject({ url: '/api/v1/service-templates?take=100', headers: bearer(alice.token) });
  const tpl = (list.json().data as { id: string; name: string }[]).find((x) => x.name === 'go-service')!;
  const dry = await t.app.inject({
    method: 'POST',
    url: `/api/v1/service-templates/${tpl.id}/scaffold/dry-run`,
    headers: bearer(alice.token),
    payload: { targetRepository: 'https://git.example.com/acme/orders.git', variables: { SERVICE_NAME: 'orders-api' } },
  });
  expect(dry.statusCode).toBe(201);
  requestId = dry.json().id;
  expect(dry.json().renderedFiles).toContain('cmd/orders-api/main.go');
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

const file = (path: string, token = alice.token, id = requestId) =>
  t.app.inject({ url: `/api/v1/scaffold-requests/${id}/file?path=${encodeURIComponent(path)}`, headers: bearer(token) });

describe('scaffold request files', () => {
  it('answers a rendered file with the variables substituted in its path and content', async () => {
    const res = await file('cmd/orders-api/main.go');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ path: 'cmd/orders-api/main.go', binary: false, truncated: false });
    expect(body.content).toContain('orders-api');
    expect(body.content).not.toContain('{{SERVICE_NAME}}');
    expect(body.size).toBe(Buffer.byteLength(body.content));
  });

  it('404 for a path the template does not render, another user’s request, or an unknown request', async () => {
    expect((await file('cmd/{{SERVICE_NAME}}/main.go')).statusCode).toBe(404);
    expect((await file('README.md', bob.token)).statusCode).toBe(404);
    expect((await file('README.md', alice.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('400 without a path or with a malformed id; 401 without a token', async () => {
    expect((await t.app.inject({ url: `/api/v1/scaffold-requests/${requestId}/file`, headers: bearer(alice.token) })).statusCode).toBe(400);
    expect((await file('README.md', alice.token, 'nope')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/v1/scaffold-requests/${requestId}/file?path=README.md` })).statusCode).toBe(401);
  });
});
