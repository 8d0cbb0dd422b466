import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
const ns = uniq('ns')
  .toLowerCase()
  .replace(/[^a-z0-9-]/g, '-');
const names: Record<string, string> = {};

const yaml = (p: string) => `apiVersion: backstage.io/v1alpha1
kind: Group
metadata: {name: ${p}-team, namespace: ${ns}}
spec: {type: team, children: []}
---
apiVersion: backstage.io/v1alpha1
kind: System
metadata: {name: ${p}-sys, namespace: ${ns}}
spec: {owner: ${p}-team}
---
apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: ${p}-player
  namespace: ${ns}
  title: Zebra Audio Player
  description: Streams lossless music to browsers
  tags: [audio, web]
spec: {type: website, lifecycle: production, owner: ${p}-team, system: ${p}-sys}
---
apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: ${p}-ingest
  namespace: ${ns}
  description: Ingests zebra catalogue feeds from labels
  tags: [batch]
spec: {type: service, lifecycle: experimental, owner: user:${p}-alice}
---
apiVersion: backstage.io/v1alpha1
kind: Resource
metadata: {name: ${p}-store, namespace: ${ns}, tags: [audio]}
spec: {type: storage, owner: ${p}-team, system: ${p}-sys}
`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await t.adminToken());
  user = bearer((await t.newUser('search')).token);
  const p = uniq('s').toLowerCase();
  for (const n of ['team', 'sys', 'player', 'ingest', 'store']) names[n] = `${p}-${n}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/catalog/register-yaml',
    headers: admin,
    payload: { yaml: yaml(p) },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());

const list = (q: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/catalog/components?namespace=${ns}${q.includes('take=') ? '' : '&take=100'}&${q}`,
    headers: user,
  });
const namesOf = async (q: string) => {
  const res = await list(q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((c: { name: string }) => c.name);
};

describe('search and filters', () => {
  it('q searches name, title, description and tags, ranked, by word prefix', async () => {
    expect(await namesOf('q=zebra')).toEqual([names.player, names.ingest]); // title (A) ranks above description (C)
    expect(await namesOf('q=lossless')).toEqual([names.player]);
    expect(await namesOf('q=audio')).toEqual([names.player, names.store]);
    expect(await namesOf('q=inges')).toEqual([names.ingest]);
    expect(await namesOf('q=streaming%20browser')).toEqual([names.player]);
    expect(await namesOf('q=nothing-like-this')).toEqual([]);
    expect(await namesOf('q=%21%21%21')).toEqual([]);
  });

  it('filters combine with each other, q, kindGroup and teamId', async () => {
    const team = (
      await t.app.inject({ method: 'GET', url: `/api/v1/catalog/entities/group/${ns}/${names.team}`, headers: user })
    ).json();
    expect(await namesOf('kind=website')).toEqual([names.player]);
    expect(await namesOf('entityKind=resource')).toEqual([names.store]);
    expect(await namesOf('entityKind=Component&type=service')).toEqual([names.ingest]);
    expect(await namesOf(`owner=group:${ns}/${names.team}`)).toEqual([names.player, names.store, names.sys]);
    expect(await namesOf(`owner=user:${ns}/${names.team.replace('-team', '-alice')}`)).toEqual([names.ingest]);
    expect(await namesOf('lifecycle=production')).toEqual([names.player]);
    expect(await namesOf('tag=audio')).toEqual([names.player, names.store]);
    expect(await namesOf(`system=system:${ns}/${names.sys}`)).toEqual([names.player, names.store]);
    expect(await namesOf(`teamId=${team.id}`)).toEqual([names.player, names.store, names.sys]);
    expect(await namesOf(`teamId=${team.id}&kindGroup=infra`)).toEqual([names.store]);
    expect(await namesOf(`teamId=${team.id}&q=audio&tag=web`)).toEqual([names.player]);
    expect(await namesOf('kindGroup=security&kind=website')).toEqual([]);
    expect(await namesOf('orphan=false&kind=service')).toEqual([names.ingest]);
    expect(await namesOf('orphan=true')).toEqual([]);
  });

  it('sorts by name (default), -name, updatedAt and -updatedAt, paginated in SQL', async () => {
    const all = await namesOf('');
    expect(all).toEqual([...all].sort());
    expect(await namesOf('sort=-name')).toEqual([...all].sort().reverse());
    const touched = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/entities/component/${ns}/${names.ingest}`,
        headers: user,
      })
    ).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/catalog/components/${touched.id}`,
      headers: admin,
      payload: { description: 'Ingests zebra feeds' },
    });
    expect((await namesOf('sort=-updatedAt'))[0]).toBe(names.ingest);
    expect((await namesOf('sort=updatedAt')).at(-1)).toBe(names.ingest);
    const page = (await list('take=2&skip=1')).json();
    expect(page).toMatchObject({ total: all.length, skip: 1, take: 2 });
    expect(page.data.map((c: any) => c.name)).toEqual(all.slice(1, 3));
  });

  it('400 for unknown query parameters and bad values', async () => {
    for (const q of [
      'kinds=service',
      'owner_id=x',
      'q=',
      'sort=size',
      'orphan=maybe',
      'entityKind=group',
      'kind=mainframe',
      'take=101',
      `teamId=${randomUUID().slice(0, 8)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components?${q}`, headers: user });
      expectError(res, 400);
    }
    expect(
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/v1/catalog/components?kinds=service', headers: user }),
        400,
      ).message,
    ).toMatch(/kinds/);
  });
});

describe('verbs for other modules', () => {
  it('setWorkloadStatus writes only workloadStatus, visible at once', async () => {
    const c = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/components',
        headers: admin,
        payload: { name: uniq('wl'), kind: 'service', description: 'd' },
      })
    ).json();
    await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${c.id}`, headers: user });
    const status = {
      name: 'wl',
      namespace: 'prod',
      replicas: 3,
      readyReplicas: 2,
      image: 'wl:1',
      syncedAt: new Date().toISOString(),
    };
    await t.app.hangar.modules.catalog.setWorkloadStatus(systemCaller(), c.id, status);
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${c.id}`, headers: user })
    ).json();
    expect(read).toMatchObject({ workloadStatus: status, description: 'd', name: c.name });
    await t.app.hangar.modules.catalog.setWorkloadStatus(systemCaller(), c.id, null);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${c.id}`, headers: user })).json()
        .workloadStatus,
    ).toBeNull();
  });

  it('teams link and unlink components through the catalog (create, rename, delete)', async () => {
    const name = uniq('tl');
    const c = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/components',
        headers: admin,
        payload: { name: uniq('owned'), kind: 'library', owner: `group:default/${name}` },
      })
    ).json();
    expect(c.teamId).toBeNull();
    const team = (
      await t.app.inject({ method: 'POST', url: '/api/v1/teams', headers: admin, payload: { name, type: 'dev' } })
    ).json();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${c.id}`, headers: user })).json().teamId,
    ).toBe(team.id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/teams/${team.id}/components`, headers: user }))
        .json()
        .map((x: any) => x.id),
    ).toEqual([c.id]);
    // A rename keeps the team's components: ownership follows the team, not its old name (decision 952).
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/teams/${team.id}`,
      headers: admin,
      payload: { name: `${name}-2` },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${c.id}`, headers: user })).json().teamId,
    ).toBe(team.id);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/teams/${team.id}`, headers: admin, payload: { name } });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${c.id}`, headers: user })).json().teamId,
    ).toBe(team.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/teams/${team.id}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${c.id}`, headers: user })).json(),
    ).toMatchObject({
      teamId: null,
      owner: `group:default/${name}`,
    });
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/teams/${team.id}/components`, headers: user }), 404);
  });
});
