import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { iacModules, iacModuleVersions } from '../../../src/db/schema/index.js';
import { expectError, uniq } from '../../helpers/app.js';
import { get, importStacks, ingest, newComponent, run, stackByName, t, useIacApps } from './iac-fixture.js';

/** Infrastructure as code: stack queries, the dashboard and module drift. */
useIacApps();

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
      await run({
        stackName,
        environment: 'paging',
        type: 'plan',
        status: 'succeeded',
        startedAt: new Date(Date.UTC(2031, 0, 1, 0, i)).toISOString(),
      });
    }
    const stack = await stackByName(stackName, 'paging');
    const p1 = (await get(`/api/v1/iac/stacks/${stack.id}/runs`)).json();
    expect(p1.total).toBe(25);
    expect(p1.data).toHaveLength(20);
    expect(p1.data[0].startedAt).toBe('2031-01-01T00:24:00.000Z');
    expect(p1.data[0]).toMatchObject({
      stackId: stack.id,
      stackName,
      environment: 'paging',
      resourceChanges: { add: 0, change: 0, destroy: 0 },
    });
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
    await run({
      stackName: 'a-ok',
      environment: env,
      type: 'apply',
      status: 'succeeded',
      startedAt: '2030-02-01T00:00:00Z',
      resourceChanges: { add: 1 },
    });
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
    expect(entries[2]).toMatchObject({
      lastRunStatus: null,
      lastRunType: null,
      lastRunAt: null,
      resourceChanges: null,
    });
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
    await t.database.db
      .insert(iacModuleVersions)
      .values(['v1.0.0', 'v1.1.0', 'v1.2.0', 'v2.0.0', 'v2.1.0'].map((version) => ({ moduleId: mod!.id, version })));

    const tag = uniq('drift');
    const res = await drift([
      item({ moduleName: `${tag}-cat`, sourceUrl: url, currentRef: 'v1.0.0', latestRef: 'v2.1.0' }),
      item({
        moduleName: `${tag}-cat-nogit`,
        sourceUrl: url.replace(/\.git$/, ''),
        currentRef: '1.1.0',
        latestRef: '2.0.0',
      }),
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
    expect(list.filter((r) => r.moduleName.startsWith(tag)).map((r) => r.moduleName.slice(tag.length + 1))).toEqual([
      '4',
      '1',
      '2',
      '3',
    ]);
  });

  it('matches a Terraform-style module source (git:: prefix, //subdir, ?ref=) to the catalogued repository', async () => {
    const base = `https://git.example/${uniq('net')}`;
    const [mod] = await t.database.db
      .insert(iacModules)
      .values({ name: uniq('net'), provider: 'generic', sourceRepoUrl: base, latestVersion: 'v1.2.0' })
      .returning();
    await t.database.db
      .insert(iacModuleVersions)
      .values(['v1.0.0', 'v1.1.0', 'v1.2.0'].map((version) => ({ moduleId: mod!.id, version })));
    const tag = uniq('tfsrc');
    await drift([
      item({
        moduleName: tag,
        sourceUrl: `git::${base}.git//modules/vpc?ref=v1.0.0`,
        currentRef: '1.0.0',
        latestRef: 'v1.2.0',
      }),
    ]);
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
    const find = async () =>
      ((await get('/api/v1/iac/module-drift')).json() as any[]).find((r) => r.moduleName === tag);
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
