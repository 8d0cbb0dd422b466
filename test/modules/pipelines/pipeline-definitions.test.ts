import { describe, expect, it } from 'vitest';
import { bearer, expectError, uniq } from '../../helpers/app.js';
import { createPipeline, script } from './helpers.js';
import { t, admin, user, url, usePipelinesApp } from './pipelines-setup.js';

usePipelinesApp();

describe('pipeline definitions', () => {
  it('creates with defaults filled in, createdBy from the caller, stages sorted by order', async () => {
    const name = uniq('pipe');
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: {
        name,
        description: 'd',
        stages: [
          { id: 'b', name: 'Build', type: 'build', order: 2, config: { tag: 'app:{{version}}' } },
          { id: 'a', name: 'Script', type: 'script', order: 1, config: { command: 'echo hi' } },
          { id: 'n', type: 'notify', order: 3, config: { channel: 'ops' } },
        ],
        bogus: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ name, description: 'd', organizationId: null });
    expect(p.createdBy).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.stages.map((s: { id: string }) => s.id)).toEqual(['a', 'b', 'n']);
    expect(p.stages[1].config).toEqual({
      engine: 'oci_a',
      dockerfile: 'Dockerfile',
      context: '.',
      tag: 'app:{{version}}',
      push: false,
    });
    expect(p.stages[2]).toMatchObject({ name: 'n', config: { channel: 'ops', message: '' } });
    expect(p.bogus).toBeUndefined();
    const got = await t.app.inject({ url: `${url}/${p.id}`, headers: bearer(user.token) });
    expect(got.json()).toEqual(p);
  });

  it('a plain user may create approval/deploy/notify pipelines but not script or build ones (403, create and update)', async () => {
    const ok = await createPipeline(t, user.token, {
      name: uniq('u'),
      stages: [{ id: 'g', type: 'approval', config: { message: 'go?' } }],
    });
    expect(ok.stages[0]).toMatchObject({ type: 'approval', config: { message: 'go?' } });
    for (const stage of [script('s', 'true'), { id: 'b', type: 'build', config: { tag: 'x' } }]) {
      expectError(
        await t.app.inject({
          method: 'POST',
          url,
          headers: bearer(user.token),
          payload: { name: uniq('u'), stages: [stage] },
        }),
        403,
      );
      expectError(
        await t.app.inject({
          method: 'PATCH',
          url: `${url}/${ok.id}`,
          headers: bearer(user.token),
          payload: { stages: [stage] },
        }),
        403,
      );
    }
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${ok.id}`,
      headers: bearer(user.token),
      payload: { description: 'new' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().description).toBe('new');
  });

  it('validates stages: 400 naming the stage and field', async () => {
    const cases: [unknown[], RegExp][] = [
      [[{ id: 'x', type: 'teleport' }], /stages\[0\]\.type/],
      [[{ type: 'script', config: { command: 'true' } }], /stages\[0\]\.id/],
      [[script('a', 'true'), script('a', 'true')], /stage "a".*stages\[1\]\.id.*unique/],
      [[{ id: 's', type: 'script', config: {} }], /stage "s".*config\.command/],
      [
        [
          {
            id: 'd',
            type: 'deploy',
            config: { componentId: 'nope', environmentId: '00000000-0000-4000-8000-000000000000' },
          },
        ],
        /config\.componentId/,
      ],
      [
        [{ id: 'd', type: 'deploy', config: { componentId: '00000000-0000-4000-8000-000000000000' } }],
        /config\.environmentId/,
      ],
      [[{ id: 'n', type: 'notify', config: {} }], /config\.channel/],
      [[{ id: 'b', type: 'build', config: {} }], /config\.tag/],
      [[{ id: 'b', type: 'build', config: { tag: 't', engine: 'oci_z' } }], /config\.engine/],
      [[{ id: 'b', type: 'build', config: { tag: 't', push: true } }], /config\.registry/],
      [[{ id: 'b', type: 'build', config: { tag: 't', dockerfile: '/etc/passwd' } }], /config\.dockerfile/],
      [[{ id: 'b', type: 'build', config: { tag: 't', context: '../..' } }], /config\.context/],
      [[{ id: 'b', type: 'build', config: { tag: 't', context: 'a/../../b' } }], /config\.context/],
      [[{ id: 's', type: 'script', order: 'first', config: { command: 'true' } }], /config|order/],
      [['nope'], /stages/],
    ];
    for (const [stages, message] of cases) {
      const body = expectError(
        await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { name: uniq('v'), stages } }),
        400,
      );
      expect(body.message, JSON.stringify(stages)).toMatch(message);
    }
  });

  it('checks the name: 2-100 characters, unique (409 on create and rename)', async () => {
    for (const name of ['a', 'x'.repeat(101), '', 5])
      expectError(await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { name } }), 400);
    expectError(await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: {} }), 400);
    const name = uniq('dup');
    const first = await createPipeline(t, admin, { name });
    expectError(await t.app.inject({ method: 'POST', url, headers: bearer(user.token), payload: { name } }), 409);
    const other = await createPipeline(t, admin, { name: uniq('dup2') });
    expectError(
      await t.app.inject({ method: 'PATCH', url: `${url}/${other.id}`, headers: bearer(admin), payload: { name } }),
      409,
    );
    const same = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${first.id}`,
      headers: bearer(admin),
      payload: { name },
    });
    expect(same.statusCode).toBe(200);
  });

  it('lists with page/limit and the organization filter (query, else X-Organization-Id, else none)', async () => {
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(admin),
      payload: { name: uniq('Org'), slug: uniq('org') },
    });
    expect(org.statusCode, org.body).toBe(201);
    const orgId = org.json().id as string;
    const inOrg = await createPipeline(t, admin, { name: uniq('o1') }, { 'x-organization-id': orgId });
    const inOrg2 = await createPipeline(t, admin, { name: uniq('o2'), organizationId: orgId });
    expect(inOrg.organizationId === orgId && inOrg2.organizationId === orgId).toBe(true);
    const byHeader = await t.app.inject({
      url: `${url}?limit=1`,
      headers: { ...bearer(admin), 'x-organization-id': orgId },
    });
    expect(byHeader.json()).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(byHeader.json().data.map((p: { id: string }) => p.id)).toEqual([inOrg2.id]);
    const page2 = await t.app.inject({ url: `${url}?limit=1&page=2&organizationId=${orgId}`, headers: bearer(admin) });
    expect(page2.json().data.map((p: { id: string }) => p.id)).toEqual([inOrg.id]);
    const none = await t.app.inject({ url: `${url}?limit=100`, headers: bearer(admin) });
    expect(none.json()).toMatchObject({ page: 1, limit: 100 });
    expect(none.json().data.every((p: { organizationId: string | null }) => p.organizationId === null)).toBe(true);
    expect((await t.app.inject({ url, headers: bearer(admin) })).json()).toMatchObject({ page: 1, limit: 20 });
    expectError(await t.app.inject({ url, headers: { ...bearer(user.token), 'x-organization-id': orgId } }), 403);
    for (const q of ['limit=101', 'limit=0', 'page=0', 'organizationId=nope'])
      expectError(await t.app.inject({ url: `${url}?${q}`, headers: bearer(admin) }), 400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(
      await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(admin),
        payload: { name: uniq('o'), organizationId: unknown },
      }),
      404,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(user.token),
        payload: { name: uniq('o'), organizationId: orgId },
      }),
      403,
    );
    expectError(await t.app.inject({ url: `${url}?organizationId=${orgId}`, headers: bearer(user.token) }), 403);
    expectError(await t.app.inject({ url: `${url}?organizationId=${unknown}`, headers: bearer(admin) }), 404);
  });

  it('searches name and description, case-insensitively, wildcards taken literally (decision 721)', async () => {
    const tag = uniq('srch');
    const a = await createPipeline(t, admin, { name: `${tag}-Deploy_Web`, description: 'ships the web app' });
    const b = await createPipeline(t, admin, {
      name: `${tag}-other`,
      description: `nightly ${tag.toUpperCase()} backup`,
    });
    const ids = async (q: string) =>
      (await t.app.inject({ url: `${url}?limit=100&search=${encodeURIComponent(q)}`, headers: bearer(admin) }))
        .json()
        .data.map((p: { id: string }) => p.id);
    expect(await ids(tag)).toEqual([b.id, a.id]);
    expect(await ids(`${tag}-deploy_`)).toEqual([a.id]);
    expect(await ids(`${tag}%`)).toEqual([]);
    expect(await ids(`NIGHTLY ${tag}`)).toEqual([b.id]);
    expectError(await t.app.inject({ url: `${url}?search=${'x'.repeat(201)}`, headers: bearer(admin) }), 400);
  });

  it('answers 401 without a token, 404 for unknown pipelines, 400 for malformed ids', async () => {
    expectError(await t.app.inject({ url }), 401);
    expectError(await t.app.inject({ method: 'POST', url, payload: { name: 'xx' } }), 401);
    const missing = '00000000-0000-4000-8000-000000000000';
    expectError(await t.app.inject({ url: `${url}/${missing}`, headers: bearer(admin) }), 404);
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `${url}/${missing}`,
        headers: bearer(admin),
        payload: { description: 'x' },
      }),
      404,
    );
    expectError(await t.app.inject({ method: 'DELETE', url: `${url}/${missing}`, headers: bearer(admin) }), 404);
    expectError(await t.app.inject({ method: 'POST', url: `${url}/${missing}/trigger`, headers: bearer(admin) }), 404);
    expectError(await t.app.inject({ url: `${url}/${missing}/runs`, headers: bearer(admin) }), 404);
    expectError(await t.app.inject({ url: `${url}/nope`, headers: bearer(admin) }), 400);
  });
});
