import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  auth = bearer((await t.newUser('iacm')).token);
});
afterAll(() => t.close());

const base = '/api/v1/iac-modules';
const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = auth) => t.app.inject({ method, url, payload, headers });
const newComponent = async () => {
  const [row] = await t.database.db
    .insert(components)
    .values({ name: uniq('comp'), kind: 'service' })
    .returning();
  return row!.id;
};
const create = async (over: object = {}) => {
  const res = await req('POST', base, { name: uniq('mod'), provider: 'cloud_a', sourceRepoUrl: 'https://git.example.test/mods/vpc.git', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('authentication', () => {
  it.each([
    ['GET', base],
    ['POST', base],
    ['GET', `${base}/${randomUUID()}`],
    ['PATCH', `${base}/${randomUUID()}`],
    ['DELETE', `${base}/${randomUUID()}`],
    ['GET', `${base}/${randomUUID()}/versions`],
    ['POST', `${base}/${randomUUID()}/sync`],
    ['POST', `${base}/${randomUUID()}/link-component`],
    ['DELETE', `${base}/${randomUUID()}/unlink-component`],
    ['GET', `${base}/component/${randomUUID()}`],
  ] as const)('%s %s needs a token (401)', async (method, url) => {
    expectError(await req(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, {}), 401);
    expectError(await req(method, url, undefined, bearer('not-a-jwt')), 401);
  });
});

describe('create', () => {
  it('answers 201 with latestVersion null; any signed-in user may write', async () => {
    const componentId = await newComponent();
    const name = uniq('vpc');
    const res = await req('POST', base, {
      name,
      provider: 'cloud_b',
      engine: 'engine_b',
      description: 'A VPC',
      sourceRepoUrl: 'git@git.example.test:mods/vpc.git',
      componentId,
      extra: 1,
    });
    expect(res.statusCode).toBe(201);
    const mod = res.json();
    expect(mod).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      provider: 'cloud_b',
      engine: 'engine_b',
      description: 'A VPC',
      sourceRepoUrl: 'git@git.example.test:mods/vpc.git',
      latestVersion: null,
      componentId,
      failedVersions: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const minimal = await create();
    expect(minimal).toMatchObject({ engine: null, description: null, componentId: null, latestVersion: null });
  });

  it('409 on the same name and provider; another provider is fine', async () => {
    const m = await create();
    const body = expectError(await req('POST', base, { name: m.name, provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git' }), 409);
    expect(body.message).toContain(m.name);
    await create({ name: m.name, provider: 'generic' });
  });

  it.each([
    [{ provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git' }, 'name'],
    [{ name: '', provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git' }, 'name'],
    [{ name: '   ', provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git' }, 'name'],
    [{ name: 'x'.repeat(101), provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git' }, 'name'],
    [{ name: 7, provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git' }, 'name'],
    [{ name: 'n', sourceRepoUrl: 'https://x.test/r.git' }, 'provider'],
    [{ name: 'n', provider: 'aws', sourceRepoUrl: 'https://x.test/r.git' }, 'provider'],
    [{ name: 'n', provider: 'cloud_a' }, 'sourceRepoUrl'],
    [{ name: 'n', provider: 'cloud_a', sourceRepoUrl: '' }, 'sourceRepoUrl'],
    [{ name: 'n', provider: 'cloud_a', sourceRepoUrl: 'ftp://x.test/r.git' }, 'sourceRepoUrl'],
    [{ name: 'n', provider: 'cloud_a', sourceRepoUrl: 'not a url' }, 'sourceRepoUrl'],
    [{ name: 'n', provider: 'cloud_a', sourceRepoUrl: '--upload-pack=evil' }, 'sourceRepoUrl'],
    [{ name: 'n', provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git', engine: 'terraform' }, 'engine'],
    [{ name: 'n', provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git', description: 5 }, 'description'],
    [{ name: 'n', provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git', componentId: 'nope' }, 'componentId'],
    [{ name: 'n', provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git', componentId: randomUUID() }, 'componentId'],
  ])('400 for %j', async (payload, field) => {
    const body = expectError(await req('POST', base, payload), 400);
    expect(body.message).toContain(field);
  });
});

describe('list', () => {
  let tag: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    tag = uniq('flt').replace(/-/g, '');
    ids.a = (await create({ name: `${tag}-Network`, provider: 'cloud_a', engine: 'engine_a', description: 'Shared VPC' })).id;
    ids.b = (await create({ name: `${tag}-db`, provider: 'sqldb_a', engine: 'engine_b', description: `Postgres for ${tag.toUpperCase()}` })).id;
    ids.c = (await create({ name: `${tag}-dns_100%`, provider: 'edge_network', description: 'records' })).id;
    ids.d = (await create({ name: `${tag}-dnsx100y`, provider: 'edge_network', engine: 'engine_a' })).id;
  });
  const list = async (qs: string) => {
    const res = await req('GET', `${base}?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string }[]).map((m) => m.id).sort();
  };

  it('searches name and description case-insensitively', async () => {
    expect(await list(`search=${tag.toUpperCase()}`)).toEqual([ids.a, ids.b, ids.c, ids.d].sort());
    expect(await list(`search=shared%20vpc`)).toContain(ids.a);
    expect(await list(`search=${tag}-NETWORK`)).toEqual([ids.a]);
  });

  it('matches % and _ literally', async () => {
    expect(await list(`search=${encodeURIComponent(`${tag}-dns_100%`)}`)).toEqual([ids.c]);
    expect(await list(`search=${encodeURIComponent(`${tag}-dns_`)}`)).toEqual([ids.c]);
  });

  it('filters by provider and engine, combined with search', async () => {
    expect(await list(`provider=edge_network&search=${tag}`)).toEqual([ids.c, ids.d].sort());
    expect(await list(`engine=engine_a&search=${tag}`)).toEqual([ids.a, ids.d].sort());
    expect(await list(`engine=engine_a&provider=edge_network&search=${tag}`)).toEqual([ids.d]);
    expect(await list(`engine=engine_c&search=${tag}`)).toEqual([]);
    const all = (await req('GET', `${base}?provider=sqldb_a`)).json() as { provider: string }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((m) => m.provider === 'sqldb_a')).toBe(true);
  });

  it('400 for unknown provider or engine values and overlong search', async () => {
    expect(expectError(await req('GET', `${base}?provider=aws`), 400).message).toBe(
      'provider must be one of: cloud_a, cloud_b, cloud_c, orchestrator, docdb, sqldb_a, sqldb_b, codehost, edge_network, generic',
    );
    expect(expectError(await req('GET', `${base}?engine=terraform`), 400).message).toContain('engine');
    expectError(await req('GET', `${base}?search=${'x'.repeat(201)}`), 400);
  });
});

describe('get, patch, delete', () => {
  it('gets a module; 404 unknown; 400 bad id', async () => {
    const m = await create();
    expect((await req('GET', `${base}/${m.id}`)).json()).toEqual(m);
    expectError(await req('GET', `${base}/${randomUUID()}`), 404);
    expectError(await req('GET', `${base}/not-a-uuid`), 400);
    expectError(await req('GET', `${base}/component`), 400);
  });

  it('patches any subset; null clears; an empty patch changes nothing', async () => {
    const m = await create({ engine: 'engine_a', description: 'old' });
    const componentId = await newComponent();
    const res = await req('PATCH', `${base}/${m.id}`, { description: 'new', componentId, sourceRepoUrl: 'https://x.test/new.git' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: m.name, engine: 'engine_a', description: 'new', componentId, sourceRepoUrl: 'https://x.test/new.git' });
    const cleared = (await req('PATCH', `${base}/${m.id}`, { engine: null, description: null, componentId: null })).json();
    expect(cleared).toMatchObject({ engine: null, description: null, componentId: null });
    const same = await req('PATCH', `${base}/${m.id}`, {});
    expect(same.statusCode).toBe(200);
    expect(same.json().updatedAt).toBe(cleared.updatedAt);
    const renamed = (await req('PATCH', `${base}/${m.id}`, { name: `${m.name}-2`, provider: 'generic' })).json();
    expect(renamed).toMatchObject({ name: `${m.name}-2`, provider: 'generic' });
  });

  it('409 when a patch collides with another module', async () => {
    const a = await create();
    const b = await create({ provider: 'cloud_c' });
    expectError(await req('PATCH', `${base}/${b.id}`, { name: a.name, provider: 'cloud_a' }), 409);
    expectError(await req('PATCH', `${base}/${b.id}`, { provider: 'cloud_a', name: a.name, description: 'x' }), 409);
    // Keeping its own name and provider is not a collision.
    expect((await req('PATCH', `${base}/${a.id}`, { name: a.name, provider: 'cloud_a' })).statusCode).toBe(200);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ provider: 'aws' }, 'provider'],
    [{ engine: 'x' }, 'engine'],
    [{ sourceRepoUrl: 'ftp://x.test/r.git' }, 'sourceRepoUrl'],
    [{ componentId: 'bad' }, 'componentId'],
    [{ componentId: randomUUID() }, 'componentId'],
    [{ description: 'x'.repeat(2001) }, 'description'],
  ])('patch 400 for %j', async (payload, field) => {
    const m = await create();
    expect(expectError(await req('PATCH', `${base}/${m.id}`, payload), 400).message).toContain(field);
  });

  it('patch 404 unknown, 400 bad id', async () => {
    expectError(await req('PATCH', `${base}/${randomUUID()}`, { description: 'x' }), 404);
    expectError(await req('PATCH', `${base}/xyz`, { description: 'x' }), 400);
  });

  it('deletes with 204 and no body; then 404', async () => {
    const m = await create();
    const res = await req('DELETE', `${base}/${m.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await req('GET', `${base}/${m.id}`), 404);
    expectError(await req('DELETE', `${base}/${m.id}`), 404);
    expectError(await req('DELETE', `${base}/nope`), 400);
    expectError(await req('GET', `${base}/${m.id}/versions`), 404);
    expectError(await req('GET', `${base}/nope/versions`), 400);
  });
});

describe('component links', () => {
  it('links, replaces, lists by component and unlinks', async () => {
    const m = await create();
    const c1 = await newComponent();
    const c2 = await newComponent();
    const linked = await req('POST', `${base}/${m.id}/link-component`, { componentId: c1 });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: m.id, componentId: c1 });
    expect((await req('GET', `${base}/component/${c1}`)).json().map((x: { id: string }) => x.id)).toEqual([m.id]);

    expect((await req('POST', `${base}/${m.id}/link-component`, { componentId: c2 })).json().componentId).toBe(c2);
    expect((await req('GET', `${base}/component/${c1}`)).json()).toEqual([]);
    const other = await create({ componentId: c2 });
    expect(
      (await req('GET', `${base}/component/${c2}`))
        .json()
        .map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([m.id, other.id].sort());

    const unlinked = await req('DELETE', `${base}/${m.id}/unlink-component`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ id: m.id, componentId: null });
    expect((await req('DELETE', `${base}/${m.id}/unlink-component`)).json().componentId).toBeNull();
    expect((await req('GET', `${base}/component/${c2}`)).json().map((x: { id: string }) => x.id)).toEqual([other.id]);
  });

  it('deleting a component clears the link', async () => {
    const c = await newComponent();
    const m = await create({ componentId: c });
    const { eq } = await import('drizzle-orm');
    await t.database.db.delete(components).where(eq(components.id, c));
    expect((await req('GET', `${base}/${m.id}`)).json().componentId).toBeNull();
  });

  it('errors: 404 module or component, 400 bad ids', async () => {
    const m = await create();
    const c = await newComponent();
    expectError(await req('POST', `${base}/${randomUUID()}/link-component`, { componentId: c }), 404);
    expect(expectError(await req('POST', `${base}/${m.id}/link-component`, { componentId: randomUUID() }), 404).message).toMatch(/component/i);
    expectError(await req('POST', `${base}/${m.id}/link-component`, { componentId: 'x' }), 400);
    expectError(await req('POST', `${base}/${m.id}/link-component`, {}), 400);
    expectError(await req('POST', `${base}/bad/link-component`, { componentId: c }), 400);
    expectError(await req('DELETE', `${base}/${randomUUID()}/unlink-component`), 404);
    expectError(await req('DELETE', `${base}/bad/unlink-component`), 400);
    expectError(await req('GET', `${base}/component/not-a-uuid`), 400);
    expect((await req('GET', `${base}/component/${randomUUID()}`)).json()).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const p of [
      '/api/v1/iac-modules',
      '/api/v1/iac-modules/{id}',
      '/api/v1/iac-modules/{id}/versions',
      '/api/v1/iac-modules/{id}/sync',
      '/api/v1/iac-modules/{id}/link-component',
      '/api/v1/iac-modules/{id}/unlink-component',
      '/api/v1/iac-modules/component/{componentId}',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
