import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { components, iacModules, iacModuleVersions } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, createTestDatabase, expectError, uniq, type TestApp } from '../../helpers/app.js';

const TOKEN = 'a'.repeat(64);
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let noToken: TestApp;
let jwt: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp({ IAC_INGEST_TOKEN: TOKEN }, db);
  noToken = await buildTestApp({}, db);
  jwt = (await t.newUser('iac')).token;
});
afterAll(async () => {
  await noToken?.close();
  await t?.close();
  await db?.drop();
});

const ingest = (url: string, payload: object, headers: Record<string, string> = bearer(TOKEN)) => t.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, token = jwt) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const run = (payload: object) => ingest('/api/v1/iac/runs/ingest', payload);
const importStacks = (stacks: object[]) => ingest('/api/v1/iac/stacks/import', { stacks });
const newComponent = async () =>
  (
    await t.database.db
      .insert(components)
      .values({ name: uniq('comp'), kind: 'service' })
      .returning()
  )[0]!.id;
const stackByName = async (name: string, environment: string) => {
  const list = (await get(`/api/v1/iac/stacks?environment=${environment}`)).json() as any[];
  return list.find((s) => s.name === name);
};

describe('ingestion authentication', () => {
  const calls: [string, object][] = [
    ['/api/v1/iac/runs/ingest', { stackName: 'x', environment: 'dev', type: 'plan', status: 'succeeded' }],
    ['/api/v1/iac/stacks/import', { stacks: [] }],
    ['/api/v1/iac/module-drift/ingest', { modules: [] }],
    ['/api/v1/iac/stacks/00000000-0000-4000-8000-000000000000/resources/ingest', { resources: [] }],
  ];

  it.each(calls)('%s: 401 without a token, with a wrong token, with a JWT', async (url, payload) => {
    expectError(await t.app.inject({ method: 'POST', url, payload }), 401);
    expectError(await ingest(url, payload, bearer('b'.repeat(64))), 401);
    expectError(await ingest(url, payload, bearer(TOKEN.slice(1))), 401);
    expectError(await ingest(url, payload, { authorization: `Basic ${TOKEN}` }), 401);
    expectError(await ingest(url, payload, bearer(jwt)), 401);
    expectError(await ingest(url, payload, bearer(await t.adminToken())), 401);
  });

  it.each(calls)('%s: 401 for every call when IAC_INGEST_TOKEN is unset', async (url, payload) => {
    const res = await noToken.app.inject({ method: 'POST', url, payload, headers: bearer(TOKEN) });
    expect(expectError(res, 401).message).toMatch(/IAC_INGEST_TOKEN/);
    expectError(await noToken.app.inject({ method: 'POST', url, payload }), 401);
  });

  it('checks the token before the body (401 beats 400)', async () => {
    expectError(await ingest('/api/v1/iac/runs/ingest', { nonsense: true }, bearer('wrong')), 401);
  });

  it('query routes take a JWT, not the ingestion token', async () => {
    expectError(await get('/api/v1/iac/stacks', TOKEN), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/iac/dashboard' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/iac/module-drift' }), 401);
    expect((await get('/api/v1/iac/stacks')).statusCode).toBe(200);
  });
});

describe('stack import', () => {
  it('creates then updates by name + environment, keeping componentId and externalToolUrl unless re-sent', async () => {
    const name = uniq('stk');
    const componentId = await newComponent();
    const first = await importStacks([
      {
        name,
        environment: 'imp',
        provider: 'engine_a',
        repositoryUrl: 'https://git.example/infra',
        basePath: 'stacks/a',
        externalToolUrl: 'https://tool.example/a',
        componentId,
      },
      {
        name,
        environment: 'imp2',
        provider: 'engine_a',
        repositoryUrl: 'https://git.example/infra',
        basePath: 'stacks/a',
        externalToolUrl: 'https://tool.example/a2',
      },
    ]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ created: 2, updated: 0 });

    const second = await importStacks([{ name, environment: 'imp', provider: 'engine_b', repositoryUrl: 'https://git.example/infra2', basePath: 'stacks/b' }]);
    expect(second.json()).toEqual({ created: 0, updated: 1 });
    const s = await stackByName(name, 'imp');
    expect(s).toMatchObject({
      name,
      environment: 'imp',
      provider: 'engine_b',
      repositoryUrl: 'https://git.example/infra2',
      basePath: 'stacks/b',
      externalToolUrl: 'https://tool.example/a',
      componentId,
      latestRun: null,
    });

    // re-sent values replace, including an explicit null
    expect((await importStacks([{ name, environment: 'imp', externalToolUrl: 'https://tool.example/new', componentId: null }])).json()).toEqual({
      created: 0,
      updated: 1,
    });
    const again = (await get(`/api/v1/iac/stacks/${s.id}`)).json();
    expect(again).toMatchObject({ id: s.id, externalToolUrl: 'https://tool.example/new', componentId: null, provider: 'engine_b' });
    expect(new Date(again.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(s.updatedAt).getTime());
  });

  it('400 naming an unknown componentId, and nothing is written', async () => {
    const name = uniq('stk');
    const missing = '11111111-1111-4111-8111-111111111111';
    const res = await importStacks([
      { name, environment: 'imp' },
      { name: `${name}-2`, environment: 'imp', componentId: missing },
    ]);
    expect(expectError(res, 400).message).toContain(missing);
    expect(await stackByName(name, 'imp')).toBeUndefined();
  });

  it.each([
    [{}],
    [{ stacks: 'x' }],
    [{ stacks: [{ environment: 'dev' }] }],
    [{ stacks: [{ name: 'a' }] }],
    [{ stacks: [{ name: '', environment: 'dev' }] }],
    [{ stacks: [{ name: 'a', environment: 'dev', componentId: 'not-a-uuid' }] }],
    [{ stacks: [{ name: 'a', environment: 'dev', provider: 5 }] }],
    [
      {
        stacks: [
          { name: 'a', environment: 'dev' },
          { name: 'a', environment: 'dev' },
        ],
      },
    ],
    [{ stacks: [{ name: 'nul\u0000byte', environment: 'dev' }] }],
  ])('400 for %j', async (payload) => {
    expectError(await ingest('/api/v1/iac/stacks/import', payload), 400);
  });

  it('400 for a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/iac/stacks/import',
      payload: '{"stacks": [',
      headers: { ...bearer(TOKEN), 'content-type': 'application/json' },
    });
    expectError(res, 400);
  });
});

describe('run ingestion', () => {
  it('creates an unknown stack and returns the run (201) with defaults and computed duration', async () => {
    const stackName = uniq('run');
    const res = await run({
      stackName,
      environment: 'runs',
      type: 'apply',
      status: 'succeeded',
      provider: 'engine_a',
      resourceChanges: { add: 3, destroy: 1 },
      triggeredBy: 'ci-bot',
      pipelineUrl: 'https://ci.example/p/1',
      startedAt: '2030-01-01T10:00:00.000Z',
      finishedAt: '2030-01-01T10:02:30.500Z',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      stackName,
      environment: 'runs',
      type: 'apply',
      status: 'succeeded',
      provider: 'engine_a',
      resourceChanges: { add: 3, change: 0, destroy: 1 },
      triggeredBy: 'ci-bot',
      pipelineUrl: 'https://ci.example/p/1',
      startedAt: '2030-01-01T10:00:00.000Z',
      finishedAt: '2030-01-01T10:02:30.500Z',
      durationMs: 150_500,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.createdAt).toEqual(expect.any(String));
    const stack = await stackByName(stackName, 'runs');
    expect(stack).toMatchObject({
      provider: 'engine_a',
      latestRun: {
        id: body.id,
        type: 'apply',
        status: 'succeeded',
        resourceChanges: { add: 3, change: 0, destroy: 1 },
        triggeredBy: 'ci-bot',
        durationMs: 150_500,
      },
    });
    expect(body.stackId).toBe(stack.id);
  });

  it('keeps a given durationMs, zero changes by default, null optional fields', async () => {
    const res = await run({ stackName: uniq('run'), environment: 'runs', type: 'plan', status: 'pending', durationMs: 42 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      durationMs: 42,
      resourceChanges: { add: 0, change: 0, destroy: 0 },
      provider: null,
      triggeredBy: null,
      pipelineUrl: null,
      finishedAt: null,
    });
  });

  it('a stack imported without a provider takes the provider of its first run naming one', async () => {
    const stackName = uniq('prov');
    await importStacks([{ name: stackName, environment: 'prov' }]);
    await run({ stackName, environment: 'prov', type: 'plan', status: 'succeeded' });
    expect((await stackByName(stackName, 'prov')).provider).toBeNull();
    await run({ stackName, environment: 'prov', type: 'plan', status: 'succeeded', provider: 'engine_b' });
    expect((await stackByName(stackName, 'prov')).provider).toBe('engine_b');
    await run({ stackName, environment: 'prov', type: 'plan', status: 'succeeded', provider: 'engine_c' });
    expect((await stackByName(stackName, 'prov')).provider).toBe('engine_b');
  });

  it('400 naming the allowed values for an unknown type or status', async () => {
    const base = { stackName: uniq('enum'), environment: 'runs', type: 'plan', status: 'succeeded' };
    expect(expectError(await run({ ...base, type: 'destroy' }), 400).message).toBe('type must be one of: plan, apply');
    expect(expectError(await run({ ...base, status: 'ok' }), 400).message).toBe('status must be one of: pending, running, succeeded, failed, cancelled');
  });

  it('latestRun follows the newest startedAt, not the ingestion order', async () => {
    const stackName = uniq('latest');
    const base = { stackName, environment: 'order', type: 'plan' };
    const newer = (await run({ ...base, status: 'succeeded', startedAt: '2030-05-02T00:00:00Z' })).json();
    await run({ ...base, status: 'failed', startedAt: '2030-05-01T00:00:00Z' });
    let stack = await stackByName(stackName, 'order');
    expect(stack.latestRun.id).toBe(newer.id);
    const newest = (await run({ ...base, type: 'apply', status: 'running', startedAt: '2030-05-03T00:00:00Z' })).json();
    stack = (await get(`/api/v1/iac/stacks/${stack.id}`)).json();
    expect(stack.latestRun).toMatchObject({ id: newest.id, type: 'apply', status: 'running', startedAt: '2030-05-03T00:00:00.000Z' });
  });

  it('concurrent ingestion of one new stack: one stack, every run counted, newest wins', async () => {
    const stackName = uniq('conc');
    const hours = [3, 1, 7, 5, 2, 6, 4, 0];
    const runs = await Promise.all(
      hours.map((h) => run({ stackName, environment: 'conc', type: 'plan', status: 'succeeded', startedAt: new Date(Date.UTC(2032, 0, 1, h)).toISOString() })),
    );
    expect(runs.map((r) => r.statusCode)).toEqual(hours.map(() => 201));
    const stacks = (await get('/api/v1/iac/stacks?environment=conc')).json().filter((s: any) => s.name === stackName);
    expect(stacks).toHaveLength(1);
    expect(stacks[0].latestRun.startedAt).toBe('2032-01-01T07:00:00.000Z');
    const page = (await get(`/api/v1/iac/stacks/${stacks[0].id}/runs?limit=3`)).json();
    expect(page.total).toBe(hours.length);
    expect(page.data.map((r: any) => r.startedAt)).toEqual(['2032-01-01T07:00:00.000Z', '2032-01-01T06:00:00.000Z', '2032-01-01T05:00:00.000Z']);
  });

  it.each([
    [{ environment: 'dev', type: 'plan', status: 'succeeded' }],
    [{ stackName: 's', type: 'plan', status: 'succeeded' }],
    [{ stackName: 's', environment: 'dev', status: 'succeeded' }],
    [{ stackName: 's', environment: 'dev', type: 'plan' }],
    [{ stackName: 's', environment: 'dev', type: 'destroy', status: 'succeeded' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'done' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', resourceChanges: { add: -1 } }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', resourceChanges: { add: 1.5 } }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', resourceChanges: { add: '1' } }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', startedAt: 'yesterday' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', durationMs: -5 }],
    [{ stackName: 's\u0000', environment: 'dev', type: 'plan', status: 'succeeded' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', startedAt: '0000-01-01T00:00:00Z' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', startedAt: '2030-01-02T00:00:00Z', finishedAt: '2030-01-01T00:00:00Z' }],
  ])('400 for %j', async (payload) => {
    expectError(await run(payload), 400);
  });
});

describe('stack queries', () => {
  it('filters by environment and componentId; 400 for a bad componentId', async () => {
    const env = uniq('env');
    const componentId = await newComponent();
    await importStacks([
      { name: 'one', environment: env, componentId },
      { name: 'two', environment: env },
    ]);
    const all = (await get(`/api/v1/iac/stacks?environment=${env}`)).json();
    expect(all.map((s: any) => s.name)).toEqual(['one', 'two']);
    const byComponent = (await get(`/api/v1/iac/stacks?componentId=${componentId}`)).json();
    expect(byComponent.map((s: any) => s.name)).toEqual(['one']);
    expectError(await get('/api/v1/iac/stacks?componentId=nope'), 400);
    expectError(await get('/api/v1/iac/stacks?environment=%00'), 400);
  });

  it('404 for unknown stacks on every read, 400 for a malformed id', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    for (const suffix of ['', '/runs', '/resources']) {
      expectError(await get(`/api/v1/iac/stacks/${id}${suffix}`), 404);
      expectError(await get(`/api/v1/iac/stacks/not-a-uuid${suffix}`), 400);
    }
  });

  it('pages runs newest first with total; validates page and limit', async () => {
    const stackName = uniq('page');
    for (let i = 0; i < 25; i++) {
      await run({ stackName, environment: 'paging', type: 'plan', status: 'succeeded', startedAt: new Date(Date.UTC(2031, 0, 1, 0, i)).toISOString() });
    }
    const stack = await stackByName(stackName, 'paging');
    const p1 = (await get(`/api/v1/iac/stacks/${stack.id}/runs`)).json();
    expect(p1.total).toBe(25);
    expect(p1.data).toHaveLength(20);
    expect(p1.data[0].startedAt).toBe('2031-01-01T00:24:00.000Z');
    expect(p1.data[0]).toMatchObject({ stackId: stack.id, stackName, environment: 'paging', resourceChanges: { add: 0, change: 0, destroy: 0 } });
    const p2 = (await get(`/api/v1/iac/stacks/${stack.id}/runs?page=2&limit=20`)).json();
    expect(p2).toMatchObject({ total: 25 });
    expect(p2.data.map((r: any) => r.startedAt).at(-1)).toBe('2031-01-01T00:00:00.000Z');
    expect(p2.data).toHaveLength(5);
    const small = (await get(`/api/v1/iac/stacks/${stack.id}/runs?page=3&limit=10`)).json();
    expect(small.data).toHaveLength(5);
    expect((await get(`/api/v1/iac/stacks/${stack.id}/runs?page=9`)).json()).toEqual({ data: [], total: 25 });
    for (const q of ['page=0', 'limit=0', 'limit=101', 'page=-1', 'page=x', 'limit=2.5']) {
      expectError(await get(`/api/v1/iac/stacks/${stack.id}/runs?${q}`), 400);
    }
    expect((await get(`/api/v1/iac/stacks/${stack.id}/runs?limit=100`)).json().data).toHaveLength(25);
  });
});

describe('dashboard', () => {
  it('groups stacks by environment, failed last runs first', async () => {
    const env = uniq('dash');
    await importStacks([
      { name: 'a-ok', environment: env, provider: 'engine_a', externalToolUrl: 'https://tool.example/ok' },
      { name: 'c-never', environment: env },
    ]);
    await run({ stackName: 'a-ok', environment: env, type: 'apply', status: 'succeeded', startedAt: '2030-02-01T00:00:00Z', resourceChanges: { add: 1 } });
    await run({
      stackName: 'b-bad',
      environment: env,
      type: 'plan',
      status: 'failed',
      provider: 'engine_b',
      startedAt: '2030-02-02T00:00:00Z',
      resourceChanges: { change: 2 },
    });
    const res = await get('/api/v1/iac/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(Object.keys(d).sort()).toEqual(['environments', 'failedLastRun', 'stacksByEnvironment', 'totalStacks']);
    expect(d.environments).toContain(env);
    expect(d.environments).toEqual([...d.environments].sort());
    const list = await get('/api/v1/iac/stacks');
    expect(d.totalStacks).toBe(list.json().length);
    expect(d.failedLastRun).toBe(list.json().filter((s: any) => s.latestRun?.status === 'failed').length);
    const entries = d.stacksByEnvironment[env];
    expect(entries.map((e: any) => e.name)).toEqual(['b-bad', 'a-ok', 'c-never']);
    expect(entries[0]).toEqual({
      stackId: expect.any(String),
      name: 'b-bad',
      provider: 'engine_b',
      lastRunStatus: 'failed',
      lastRunType: 'plan',
      lastRunAt: '2030-02-02T00:00:00.000Z',
      resourceChanges: { add: 0, change: 2, destroy: 0 },
      externalToolUrl: null,
    });
    expect(entries[1]).toMatchObject({
      lastRunStatus: 'succeeded',
      externalToolUrl: 'https://tool.example/ok',
      resourceChanges: { add: 1, change: 0, destroy: 0 },
    });
    expect(entries[2]).toMatchObject({ lastRunStatus: null, lastRunType: null, lastRunAt: null, resourceChanges: null });
  });
});

describe('module drift', () => {
  const drift = (modules: object[]) => ingest('/api/v1/iac/module-drift/ingest', { modules });
  const item = (over: object) => ({
    stackPath: 'stacks/net',
    moduleName: 'vpc',
    sourceUrl: 'https://git.example/none',
    currentRef: '1.0.0',
    latestRef: '1.0.0',
    ...over,
  });

  it('computes versionsBehind, matches catalogued modules by source URL, lists newest first', async () => {
    const url = `https://git.example/${uniq('mod')}.git`;
    const [mod] = await t.database.db
      .insert(iacModules)
      .values({ name: uniq('vpc'), provider: 'cloud_a', sourceRepoUrl: url, latestVersion: '2.1.0' })
      .returning();
    await t.database.db.insert(iacModuleVersions).values(['v1.0.0', 'v1.1.0', 'v1.2.0', 'v2.0.0', 'v2.1.0'].map((version) => ({ moduleId: mod!.id, version })));

    const tag = uniq('drift');
    const res = await drift([
      item({ moduleName: `${tag}-cat`, sourceUrl: url, currentRef: 'v1.0.0', latestRef: 'v2.1.0' }),
      item({ moduleName: `${tag}-cat-nogit`, sourceUrl: url.replace(/\.git$/, ''), currentRef: '1.1.0', latestRef: '2.0.0' }),
      item({ moduleName: `${tag}-cat-sha`, sourceUrl: url, currentRef: 'abc1234', latestRef: 'def5678' }),
      item({ moduleName: `${tag}-plain`, currentRef: 'v1.2.3', latestRef: 'v1.5.0' }),
      item({ moduleName: `${tag}-major`, currentRef: '1.9.0', latestRef: '4.0.0' }),
      item({ moduleName: `${tag}-equal`, currentRef: 'v1.0.0', latestRef: 'v1.0.0' }),
      item({ moduleName: `${tag}-branch`, currentRef: 'main', latestRef: 'v1.0.0' }),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('');

    const list = (await get('/api/v1/iac/module-drift')).json() as any[];
    const mine = list.filter((r) => r.moduleName.startsWith(tag));
    const by = Object.fromEntries(mine.map((r) => [r.moduleName.slice(tag.length + 1), r]));
    expect(by.cat).toMatchObject({
      versionsBehind: 4,
      moduleId: mod!.id,
      latestKnownVersion: '2.1.0',
      stackPath: 'stacks/net',
      sourceUrl: url,
      currentRef: 'v1.0.0',
      latestRef: 'v2.1.0',
    });
    expect(by['cat-nogit']).toMatchObject({ versionsBehind: 2, moduleId: mod!.id, latestKnownVersion: '2.1.0' });
    expect(by['cat-sha']).toMatchObject({ versionsBehind: 1, moduleId: mod!.id });
    expect(by.plain).toMatchObject({ versionsBehind: 3, moduleId: null, latestKnownVersion: null });
    expect(by.major).toMatchObject({ versionsBehind: 3, moduleId: null });
    expect(by.equal).toMatchObject({ versionsBehind: 0 });
    expect(by.branch).toMatchObject({ versionsBehind: 1 });
    expect(mine[0].detectedAt).toEqual(expect.any(String));
    expect(mine[0].id).toMatch(/^[0-9a-f-]{36}$/);

    // a later report comes first
    const later = uniq('later');
    await drift([item({ moduleName: later })]);
    const after = (await get('/api/v1/iac/module-drift')).json() as any[];
    expect(after[0].moduleName).toBe(later);
    expect(new Date(after[0].detectedAt).getTime()).toBeGreaterThanOrEqual(new Date(mine[0].detectedAt).getTime());
  });

  it('lists one report in the order it was reported, after any later report', async () => {
    const tag = uniq('order');
    await drift([item({ moduleName: `${tag}-1` }), item({ moduleName: `${tag}-2` }), item({ moduleName: `${tag}-3` })]);
    await drift([item({ moduleName: `${tag}-4` })]);
    const list = (await get('/api/v1/iac/module-drift')).json() as any[];
    expect(list.filter((r) => r.moduleName.startsWith(tag)).map((r) => r.moduleName.slice(tag.length + 1))).toEqual(['4', '1', '2', '3']);
  });

  it('matches a Terraform-style module source (git:: prefix, //subdir, ?ref=) to the catalogued repository', async () => {
    const base = `https://git.example/${uniq('net')}`;
    const [mod] = await t.database.db
      .insert(iacModules)
      .values({ name: uniq('net'), provider: 'generic', sourceRepoUrl: base, latestVersion: 'v1.2.0' })
      .returning();
    await t.database.db.insert(iacModuleVersions).values(['v1.0.0', 'v1.1.0', 'v1.2.0'].map((version) => ({ moduleId: mod!.id, version })));
    const tag = uniq('tfsrc');
    await drift([item({ moduleName: tag, sourceUrl: `git::${base}.git//modules/vpc?ref=v1.0.0`, currentRef: '1.0.0', latestRef: 'v1.2.0' })]);
    const rec = ((await get('/api/v1/iac/module-drift')).json() as any[]).find((r) => r.moduleName === tag);
    expect(rec).toMatchObject({ moduleId: mod!.id, latestKnownVersion: 'v1.2.0', versionsBehind: 2 });
  });

  it('clears moduleId and latestKnownVersion together when the matched module is deleted', async () => {
    const url = `https://git.example/${uniq('gone')}.git`;
    const [mod] = await t.database.db
      .insert(iacModules)
      .values({ name: uniq('gone'), provider: 'generic', sourceRepoUrl: url, latestVersion: 'v1.1.0' })
      .returning();
    await t.database.db.insert(iacModuleVersions).values({ moduleId: mod!.id, version: 'v1.1.0' });
    const tag = uniq('gone');
    await drift([item({ moduleName: tag, sourceUrl: url, currentRef: 'v1.0.0', latestRef: 'v1.1.0' })]);
    const find = async () => ((await get('/api/v1/iac/module-drift')).json() as any[]).find((r) => r.moduleName === tag);
    expect(await find()).toMatchObject({ moduleId: mod!.id, latestKnownVersion: 'v1.1.0', versionsBehind: 1 });
    await t.database.db.delete(iacModules).where(eq(iacModules.id, mod!.id));
    expect(await find()).toMatchObject({ moduleId: null, latestKnownVersion: null, versionsBehind: 1 });
  });

  it.each([
    [{}],
    [{ modules: [{ stackPath: 'a', moduleName: 'b', sourceUrl: 'c', currentRef: 'd' }] }],
    [{ modules: [{ stackPath: 'a', moduleName: 'b', sourceUrl: 'c', currentRef: 1, latestRef: 'e' }] }],
    [{ modules: [{ stackPath: '', moduleName: 'b', sourceUrl: 'c', currentRef: 'd', latestRef: 'e' }] }],
    [{ modules: {} }],
    [{ modules: [{ stackPath: 'a', moduleName: 'b\u0000', sourceUrl: 'c', currentRef: 'd', latestRef: 'e' }] }],
  ])('400 for %j', async (payload) => {
    expectError(await ingest('/api/v1/iac/module-drift/ingest', payload), 400);
  });
});
