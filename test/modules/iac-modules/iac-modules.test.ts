import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectError, uniq } from '../../helpers/app.js';
import { base, req, newComponent, create, useIacModulesApp } from './iac-modules-setup.js';

useIacModulesApp();

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
    const body = expectError(
      await req('POST', base, { name: m.name, provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git' }),
      409,
    );
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
    [
      { name: 'n', provider: 'cloud_a', sourceRepoUrl: 'https://x.test/r.git', componentId: randomUUID() },
      'componentId',
    ],
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
    ids.a = (
      await create({ name: `${tag}-Network`, provider: 'cloud_a', engine: 'engine_a', description: 'Shared VPC' })
    ).id;
    ids.b = (
      await create({
        name: `${tag}-db`,
        provider: 'sqldb_a',
        engine: 'engine_b',
        description: `Postgres for ${tag.toUpperCase()}`,
      })
    ).id;
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
