import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { createDeploymentsService } from '../../../src/modules/deployments/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
/** The deployments module's write verbs, as the deploy stage gets them. */
const deployments = () => createDeploymentsService({ db: t.database.db });
let admin: string;
let user: Awaited<ReturnType<TestApp['newUser']>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  user = await t.newUser('envuser');
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const base = '/api/v1/environments';
const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function createEnv(extra: object = {}) {
  const res = await req('POST', base, admin, { name: uniq('env'), type: 'staging', ...extra });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; order: number };
}
async function createComponent() {
  const [row] = await t.database.db
    .insert(components)
    .values({ name: uniq('svc'), kind: 'service' })
    .returning();
  return row!;
}

describe('environments', () => {
  it('creates (201) with defaults order 0, metadata {}, description null', async () => {
    const name = uniq('prod');
    const res = await req('POST', base, admin, { name, type: 'production' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name,
      description: null,
      type: 'production',
      order: 0,
      metadata: {},
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const full = await req('POST', base, admin, {
      name: uniq('dev'),
      type: 'development',
      description: 'd',
      order: 3,
      metadata: { region: 'eu', n: 2, nested: { a: [1] } },
    });
    expect(full.json()).toMatchObject({
      description: 'd',
      order: 3,
      metadata: { region: 'eu', n: 2, nested: { a: [1] } },
    });
  });

  it('only name is required: type defaults to development; metadata null means {}', async () => {
    const name = uniq('bare');
    const res = await req('POST', base, admin, { name, metadata: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name, type: 'development', order: 0, metadata: {}, description: null });
    const patched = await req('PATCH', `${base}/${res.json().id}`, admin, { metadata: null, type: 'sandbox' });
    expect(patched.json()).toMatchObject({ metadata: {}, type: 'sandbox' });
    const bad = expectError(await req('POST', base, admin, { name, type: 'qa' }), 400);
    expect(bad.message).toBe('type must be one of: development, staging, production, sandbox');
  });

  it.each([
    [{ type: 'staging' }, 'name'],
    [{ name: 'x', type: 'qa' }, 'type'],
    [{ name: '', type: 'staging' }, 'name'],
    [{ name: 'x', type: 'staging', order: 1.5 }, 'order'],
    [{ name: 'x', type: 'staging', order: '1' }, 'order'],
    [{ name: 'x', type: 'staging', order: 10_000_000 }, 'order'],
    [{ name: 'x', type: 'staging', metadata: 'm' }, 'metadata'],
  ])('400 create %j', async (payload, field) => {
    expect(expectError(await req('POST', base, admin, payload), 400).message).toContain(field);
  });

  it('admin-only writes (403), token required (401)', async () => {
    const env = await createEnv();
    expectError(await req('POST', base, user.token, { name: 'x', type: 'staging' }), 403);
    expectError(await req('PATCH', `${base}/${env.id}`, user.token, { name: 'y' }), 403);
    expectError(await req('DELETE', `${base}/${env.id}`, user.token), 403);
    expectError(await req('GET', base), 401);
    expectError(await req('GET', `${base}/${env.id}`), 401);
    expectError(await req('POST', base, undefined, { name: 'x', type: 'staging' }), 401);
  });

  it('lists sorted by order then name, paginated; 400 bad paging', async () => {
    const tag = uniq('sort');
    await createEnv({ name: `${tag}-b`, order: -900_000 });
    await createEnv({ name: `${tag}-a`, order: -900_000 });
    await createEnv({ name: `${tag}-c`, order: -900_001 });
    const res = await req('GET', `${base}?take=3`, user.token);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ skip: 0, take: 3, total: expect.any(Number) });
    expect(page.data.map((e: { name: string }) => e.name)).toEqual([`${tag}-c`, `${tag}-a`, `${tag}-b`]);
    const second = (await req('GET', `${base}?skip=1&take=1`, user.token)).json();
    expect(second.data.map((e: { name: string }) => e.name)).toEqual([`${tag}-a`]);
    expectError(await req('GET', `${base}?take=101`, user.token), 400);
    expectError(await req('GET', `${base}?skip=-1`, user.token), 400);
  });

  it('get, patch, delete; 404 unknown; 400 bad UUID / body', async () => {
    const env = await createEnv({ description: 'before' });
    expect((await req('GET', `${base}/${env.id}`, user.token)).json()).toMatchObject({ id: env.id, name: env.name });
    const patched = await req('PATCH', `${base}/${env.id}`, admin, {
      order: 7,
      metadata: { k: 'v' },
      description: null,
      type: 'sandbox',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      id: env.id,
      name: env.name,
      order: 7,
      metadata: { k: 'v' },
      description: null,
      type: 'sandbox',
    });
    expect((await req('PATCH', `${base}/${env.id}`, admin, {})).json()).toMatchObject({ order: 7 });
    expectError(await req('PATCH', `${base}/${env.id}`, admin, { type: 'qa' }), 400);
    expectError(await req('PATCH', `${base}/${env.id}`, admin, { name: '' }), 400);
    expectError(await req('GET', `${base}/${MISSING}`, user.token), 404);
    expectError(await req('PATCH', `${base}/${MISSING}`, admin, { order: 1 }), 404);
    expectError(await req('PATCH', `${base}/${MISSING}`, admin, {}), 404);
    expectError(await req('DELETE', `${base}/${MISSING}`, admin), 404);
    expectError(await req('GET', `${base}/bad`, user.token), 400);
    expectError(await req('PATCH', `${base}/bad`, admin, { order: 1 }), 400);
    expectError(await req('DELETE', `${base}/bad`, admin), 400);
    const del = await req('DELETE', `${base}/${env.id}`, admin);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expectError(await req('GET', `${base}/${env.id}`, user.token), 404);
  });
});

describe('deployments', () => {
  it('lists newest first with combinable filters; reads one; deleting the environment deletes its deployments', async () => {
    const [envA, envB] = [await createEnv(), await createEnv()];
    const [c1, c2] = [await createComponent(), await createComponent()];
    const d1 = await deployments().record(systemCaller(), {
      componentId: c1.id,
      environmentId: envA.id,
      version: '1.0.0',
      status: 'pending',
      deployedBy: user.id,
    });
    const d2 = await deployments().record(systemCaller(), {
      componentId: c1.id,
      environmentId: envB.id,
      version: '1.0.1',
      status: 'succeeded',
      pipelineRunId: MISSING,
    });
    const d3 = await deployments().record(systemCaller(), {
      componentId: c2.id,
      environmentId: envA.id,
      version: '2.0.0',
      status: 'failed',
    });
    expect(d1).toMatchObject({ status: 'pending', deployedBy: user.id, pipelineRunId: null });

    const ids = async (qs: string) => {
      const res = await req('GET', `/api/v1/deployments?${qs}`, user.token);
      expect(res.statusCode).toBe(200);
      return (res.json().data as { id: string }[]).map((d) => d.id);
    };
    expect(await ids(`componentId=${c1.id}`)).toEqual([d2.id, d1.id]);
    expect(await ids(`environmentId=${envA.id}`)).toEqual([d3.id, d1.id]);
    expect(await ids(`environmentId=${envA.id}&componentId=${c1.id}`)).toEqual([d1.id]);
    expect(await ids(`componentId=${c1.id}&status=succeeded`)).toEqual([d2.id]);
    expect(await ids(`componentId=${c2.id}&status=succeeded`)).toEqual([]);
    const page = (await req('GET', `/api/v1/deployments?componentId=${c1.id}&take=1&skip=1`, user.token)).json();
    expect(page).toMatchObject({ total: 2, skip: 1, take: 1 });
    expect(page.data.map((d: { id: string }) => d.id)).toEqual([d1.id]);

    const moved = await deployments().setStatus(systemCaller(), d1.id, 'in_progress');
    expect(moved.status).toBe('in_progress');
    const one = await req('GET', `/api/v1/deployments/${d1.id}`, user.token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      id: d1.id,
      componentId: c1.id,
      environmentId: envA.id,
      version: '1.0.0',
      status: 'in_progress',
      deployedBy: user.id,
      pipelineRunId: null,
      // Set only for deployments reported from outside (decision 860).
      source: null,
      externalId: null,
      revision: null,
      url: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // The detail's additions (decision 710): no pipeline run here; the deployer by name.
      pipelineId: null,
      pipelineName: null,
      commitSha: null,
      deployedByUsername: user.username,
    });

    expect((await req('DELETE', `${base}/${envA.id}`, admin)).statusCode).toBe(204);
    expectError(await req('GET', `/api/v1/deployments/${d1.id}`, user.token), 404);
    expect(await ids(`componentId=${c1.id}`)).toEqual([d2.id]);
  });

  it('400 for bad UUIDs, unknown status, bad paging; 404 unknown id; 401 anonymous', async () => {
    for (const qs of ['componentId=nope', 'environmentId=123', 'status=done', 'take=101', 'skip=-2']) {
      expectError(await req('GET', `/api/v1/deployments?${qs}`, user.token), 400);
    }
    expectError(await req('GET', '/api/v1/deployments/nope', user.token), 400);
    expectError(await req('GET', `/api/v1/deployments/${MISSING}`, user.token), 404);
    expectError(await req('GET', '/api/v1/deployments'), 401);
    expectError(await req('GET', `/api/v1/deployments/${MISSING}`), 401);
  });

  it('the record / setStatus verbs refuse unknown references and statuses', async () => {
    const env = await createEnv();
    const c = await createComponent();
    await expect(
      deployments().record(systemCaller(), {
        componentId: MISSING,
        environmentId: env.id,
        version: '1',
        status: 'pending',
      }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      deployments().record(systemCaller(), {
        componentId: c.id,
        environmentId: MISSING,
        version: '1',
        status: 'pending',
      }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      deployments().record(systemCaller(), {
        componentId: c.id,
        environmentId: env.id,
        version: '1',
        status: 'done' as never,
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(deployments().setStatus(systemCaller(), MISSING, 'failed')).rejects.toMatchObject({ statusCode: 404 });
    const d = await deployments().record(systemCaller(), {
      componentId: c.id,
      environmentId: env.id,
      version: '1',
      status: 'pending',
    });
    await expect(deployments().setStatus(systemCaller(), d.id, 'bogus' as never)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('OpenAPI', () => {
  it('documents the organizations, teams, environments and deployments routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v1/organizations',
      '/api/v1/organizations/{id}/members/{userId}/role',
      '/api/v1/teams/{id}/components',
      '/api/v1/teams/{id}/members/{userId}',
      '/api/v1/environments/{id}',
      '/api/v1/deployments',
      '/api/v1/deployments/{id}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
