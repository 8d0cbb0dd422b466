import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { systemCaller } from '../../../src/kernel/caller.js';
import { CredentialKeyring, createCredentialsService } from '../../../src/modules/credentials/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
let orgA: string;
let orgB: string;
let member: { id: string; token: string };
let outsider: { id: string; token: string };

const url = '/api/v1/integrations/credentials';

async function newOrg(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(token),
    payload: { name: 'Cred org', slug: uniq('cred').toLowerCase() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  [orgA, orgB] = await Promise.all([newOrg(admin), newOrg(admin)]);
  [member, outsider] = await Promise.all([t.newUser('credmem'), t.newUser('credout')]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${orgA}/members`,
    headers: bearer(admin),
    payload: { userId: member.id, role: 'member' },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const as = (token: string, org?: string) => ({ ...bearer(token), ...(org ? { 'x-organization-id': org } : {}) });
const create = (payload: unknown, org?: string, token = admin) =>
  t.app.inject({ method: 'POST', url, headers: as(token, org), payload: payload as object });

describe('integration credentials', () => {
  it('creates per organization, answers without the value, lists only the current organization', async () => {
    const res = await create(
      {
        type: 'gitopscd',
        name: 'Argo prod',
        value: { url: 'https://argocd.example.test/', token: 'argo-secret-token-1' },
      },
      orgA,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ type: 'gitopscd', name: 'Argo prod', orgId: orgA });
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id', 'name', 'orgId', 'type', 'updatedAt']);
    expect(res.body).not.toContain('argo-secret-token-1');

    const listA = await t.app.inject({ method: 'GET', url, headers: as(member.token, orgA) });
    expect(listA.statusCode).toBe(200);
    expect(listA.json().map((c: { id: string }) => c.id)).toContain(body.id);
    expect(listA.body).not.toContain('argo-secret-token-1');
    const listB = await t.app.inject({ method: 'GET', url, headers: as(admin, orgB) });
    expect(listB.json()).toEqual([]);
    const listNone = await t.app.inject({ method: 'GET', url, headers: as(admin) });
    expect(listNone.json().some((c: { id: string }) => c.id === body.id)).toBe(false);
    const one = await t.app.inject({ method: 'GET', url: `${url}/${body.id}`, headers: as(member.token, orgA) });
    expect(one.json()).toMatchObject({ id: body.id, orgId: orgA });
    expectError(await t.app.inject({ method: 'GET', url: `${url}/${body.id}`, headers: as(admin, orgB) }), 404);
  });

  it('one per type per organization (409); the same type elsewhere and without an organization is fine', async () => {
    const first = await create({ type: 'cloudci', name: 'Circle', value: { token: 'c1' } }, orgA);
    expect(first.statusCode).toBe(201);
    const dup = expectError(await create({ type: 'cloudci', name: 'Circle again', value: { token: 'c2' } }, orgA), 409);
    expect(dup.message).toContain('cloudci');
    expect((await create({ type: 'cloudci', name: 'Circle B', value: { token: 'c3' } }, orgB)).statusCode).toBe(201);
    const global = await create({ type: 'cloudci', name: 'Circle global', value: { token: 'c4' } });
    expect(global.statusCode).toBe(201);
    expect(global.json().orgId).toBeNull();
    expectError(await create({ type: 'cloudci', name: 'Circle global 2', value: { token: 'c5' } }), 409);
  });

  it('validates value per type, naming the missing field', async () => {
    const cases: [object, string][] = [
      [{ type: 'gitopscd', name: 'x', value: { token: 't' } }, 'value.url'],
      [{ type: 'gitopscd', name: 'x', value: { url: 'https://a.test' } }, 'value.token'],
      [{ type: 'serverci', name: 'x', value: { url: 'https://j.test', apiToken: 't' } }, 'value.username'],
      [{ type: 'serverci', name: 'x', value: { url: 'https://j.test', username: 'u' } }, 'value.apiToken'],
      [{ type: 'hostedci', name: 'x', value: {} }, 'value.token'],
      [{ type: 'cloudci', name: 'x', value: { token: 42 } }, 'value.token'],
      [{ type: 'hostedci', name: 'x', value: { token: 't', url: 'ftp://nope' } }, 'value.url'],
      [{ type: 'nope', name: 'x', value: { token: 't' } }, 'type'],
      [{ type: 'cloudci', name: 'x' }, 'value'],
      [{ type: 'cloudci', value: { token: 't' } }, 'name'],
      [{ type: 'cloudci', name: 'x', value: 'token' }, 'value'],
    ];
    for (const [payload, field] of cases) {
      const err = expectError(await create(payload, orgB), 400);
      expect(err.message, JSON.stringify(payload)).toContain(field);
    }
    // hostedci's url is optional
    expect((await create({ type: 'hostedci', name: 'Travis', value: { token: 'travis-tok' } }, orgB)).statusCode).toBe(
      201,
    );
  });

  it('admin only for writes; members read; outsiders get 403', async () => {
    expectError(
      await create(
        { type: 'serverci', name: 'J', value: { url: 'https://j.test', username: 'u', apiToken: 't' } },
        orgA,
        member.token,
      ),
      403,
    );
    expectError(await t.app.inject({ method: 'GET', url, headers: as(outsider.token, orgA) }), 403);
    expectError(await t.app.inject({ method: 'GET', url }), 401);
    expectError(await t.app.inject({ method: 'GET', url, headers: as(admin, 'not-a-uuid') }), 400);
  });

  it('PATCH replaces name and/or value (validated against the type); DELETE removes', async () => {
    const res = await create(
      { type: 'serverci', name: 'Jenkins', value: { url: 'https://j.test', username: 'u', apiToken: 't' } },
      orgA,
    );
    const id = res.json().id as string;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${id}`,
      headers: as(admin, orgA),
      payload: { name: 'Jenkins 2' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Jenkins 2', type: 'serverci' });
    const bad = expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `${url}/${id}`,
        headers: as(admin, orgA),
        payload: { value: { url: 'https://j.test' } },
      }),
      400,
    );
    expect(bad.message).toContain('value.username');
    const revalued = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${id}`,
      headers: as(admin, orgA),
      payload: { value: { url: 'https://j2.test', username: 'v', apiToken: 'new-jenkins-token' } },
    });
    expect(revalued.statusCode).toBe(200);
    expect(revalued.body).not.toContain('new-jenkins-token');
    const read = await t.app.hangar.modules.credentials.readValue(
      { actor: undefined as never, organizationId: orgA, requestId: 'x' },
      'serverci',
    );
    expect(read).toEqual({ url: 'https://j2.test', username: 'v', apiToken: 'new-jenkins-token' });

    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `${url}/${id}`,
        headers: as(member.token, orgA),
        payload: { name: 'x' },
      }),
      403,
    );
    expectError(
      await t.app.inject({ method: 'PATCH', url: `${url}/${id}`, headers: as(admin, orgB), payload: { name: 'x' } }),
      404,
    );
    expectError(await t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: as(admin, orgB) }), 404);
    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: as(admin, orgA) });
    expect(del.statusCode).toBe(204);
    expectError(await t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: as(admin, orgA) }), 404);
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `${url}/not-a-uuid`,
        headers: as(admin, orgA),
        payload: { name: 'x' },
      }),
      400,
    );
  });
});

describe('key rotation', () => {
  it('an earlier secret still opens its records, which are re-sealed under the current key; an unknown key is a 400', async () => {
    const org = await newOrg(admin);
    const caller = systemCaller({ organizationId: org });
    const deps = (secrets: string[]) => ({
      db: t.database.db,
      keyring: new CredentialKeyring(secrets),
      log: t.app.log,
      audit: t.app.hangar.audit,
    });
    const before = createCredentialsService(deps(['old-secret']));
    const created = await before.create(caller, { type: 'cloudci', name: 'c', value: { token: 'rotate-me' } });
    const keyOf = async () =>
      (
        (await t.database.db.execute(
          sql`SELECT key_id FROM integration_credentials WHERE id = ${created.id}`,
        )) as unknown as { rows: { key_id: string }[] }
      ).rows[0]!.key_id;
    const oldKey = await keyOf();

    expect(
      await createCredentialsService(deps(['new-secret']))
        .readValue(caller, 'cloudci')
        .catch((e) => e.statusCode),
    ).toBe(400);
    const rotated = createCredentialsService(deps(['new-secret', 'old-secret']));
    expect(await rotated.readValue(caller, 'cloudci')).toEqual({ token: 'rotate-me' });
    const newKey = await keyOf();
    expect(newKey).not.toBe(oldKey);
    expect(newKey).toBe(new CredentialKeyring(['new-secret']).currentKeyId);
    expect(await createCredentialsService(deps(['new-secret'])).readValue(caller, 'cloudci')).toEqual({
      token: 'rotate-me',
    });
  });
});
