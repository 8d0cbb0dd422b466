import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { components, teams } from '../../../src/db/schema/index.js';
import { bearer, expectError } from '../../helpers/app.js';
import { ASYNCAPI2_YAML, MISSING, SWAGGER2_JSON, insertComponent, insertTeam } from './fixtures.js';
import {
  t,
  admin,
  user,
  get,
  addConsumer,
  removeConsumer,
  newSpec,
  useConsumersApp,
} from './api-specs-consumers-setup.js';

useConsumersApp();

describe('consumers', () => {
  it('registers a component, a team, or both in one record (201)', async () => {
    const spec = await newSpec();
    const c = await insertComponent(t);
    const team = await insertTeam(t);
    const byComponent = await addConsumer(spec.id, { consumerComponentId: c.id });
    expect(byComponent.statusCode).toBe(201);
    expect(byComponent.json()).toEqual({
      id: expect.any(String),
      apiSpecId: spec.id,
      consumerComponentId: c.id,
      consumerTeamId: null,
      createdAt: expect.any(String),
    });
    const byTeam = (await addConsumer(spec.id, { consumerTeamId: team.id })).json();
    expect(byTeam).toMatchObject({ apiSpecId: spec.id, consumerComponentId: null, consumerTeamId: team.id });

    // null for the other id counts as absent
    const third = await newSpec();
    const withNull = await addConsumer(third.id, { consumerComponentId: c.id, consumerTeamId: null });
    expect(withNull.statusCode).toBe(201);
    expect(withNull.json()).toMatchObject({ consumerComponentId: c.id, consumerTeamId: null });
    expectError(await addConsumer(third.id, { consumerComponentId: null, consumerTeamId: null }), 400);

    const other = await newSpec();
    const both = (await addConsumer(other.id, { consumerComponentId: c.id, consumerTeamId: team.id })).json();
    expect(both).toMatchObject({ apiSpecId: other.id, consumerComponentId: c.id, consumerTeamId: team.id });

    const list = await get(`/api/v1/api-specs/${spec.id}/consumers`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([byComponent.json().id, byTeam.id]);
  });

  it('409 for a component or a team registered twice, also through a combined record', async () => {
    const spec = await newSpec();
    const c = await insertComponent(t);
    const team = await insertTeam(t);
    expect((await addConsumer(spec.id, { consumerComponentId: c.id, consumerTeamId: team.id })).statusCode).toBe(201);
    expect(expectError(await addConsumer(spec.id, { consumerComponentId: c.id }), 409).message).toMatch(/component/);
    expect(expectError(await addConsumer(spec.id, { consumerTeamId: team.id }), 409).message).toMatch(/team/);
    const c2 = await insertComponent(t);
    expectError(await addConsumer(spec.id, { consumerComponentId: c2.id, consumerTeamId: team.id }), 409);
    // the refused request registered nothing
    expect((await get(`/api/v1/api-specs/${spec.id}/consumers`)).json()).toHaveLength(1);
    // the same component may consume another spec
    expect((await addConsumer((await newSpec()).id, { consumerComponentId: c.id })).statusCode).toBe(201);
  });

  it('concurrent duplicate registrations: one 201, the rest 409', async () => {
    const spec = await newSpec();
    const c = await insertComponent(t);
    const results = await Promise.all([1, 2, 3].map(() => addConsumer(spec.id, { consumerComponentId: c.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('400 without either id or with malformed ids', async () => {
    const spec = await newSpec();
    expect(expectError(await addConsumer(spec.id, {}), 400).message).toMatch(/consumerComponentId or consumerTeamId/);
    expectError(await addConsumer(spec.id, { consumerComponentId: 'nope' }), 400);
    expectError(await addConsumer(spec.id, { consumerTeamId: 42 }), 400);
    expectError(await addConsumer('bad', { consumerTeamId: MISSING }), 400);
  });

  it('404 naming what is missing', async () => {
    const spec = await newSpec();
    const c = await insertComponent(t);
    expect(expectError(await addConsumer(MISSING, { consumerComponentId: c.id }), 404).message).toMatch(/API spec/);
    expect(expectError(await addConsumer(spec.id, { consumerComponentId: MISSING }), 404).message).toMatch(/component/);
    expect(expectError(await addConsumer(spec.id, { consumerTeamId: MISSING }), 404).message).toMatch(/team/);
    expect(
      expectError(await addConsumer(spec.id, { consumerComponentId: c.id, consumerTeamId: MISSING }), 404).message,
    ).toMatch(/team/);
    expectError(await get(`/api/v1/api-specs/${MISSING}/consumers`), 404);
  });

  it('401 and 403', async () => {
    const spec = await newSpec();
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/api-specs/${spec.id}/consumers`,
        payload: { consumerTeamId: MISSING },
      }),
      401,
    );
    expectError(await addConsumer(spec.id, { consumerTeamId: MISSING }, user), 403);
    expectError(await removeConsumer(spec.id, MISSING, user), 403);
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/api-specs/${spec.id}/consumers` }), 401);
  });

  it('removes a consumer (204); 404 when it is not a consumer of that spec', async () => {
    const spec = await newSpec();
    const other = await newSpec();
    const c = await insertComponent(t);
    const consumer = (await addConsumer(spec.id, { consumerComponentId: c.id })).json();
    expectError(await removeConsumer(other.id, consumer.id), 404);
    expectError(await removeConsumer(MISSING, consumer.id), 404);
    expectError(await removeConsumer(spec.id, 'x'), 400);
    const res = await removeConsumer(spec.id, consumer.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await removeConsumer(spec.id, consumer.id), 404);
    // registering again works after removal
    expect((await addConsumer(spec.id, { consumerComponentId: c.id })).statusCode).toBe(201);
  });

  it('deleting a spec, a consumer component or a team removes the consumer records', async () => {
    const spec = await newSpec();
    const c = await insertComponent(t);
    const team = await insertTeam(t);
    await addConsumer(spec.id, { consumerComponentId: c.id });
    await addConsumer(spec.id, { consumerTeamId: team.id });
    await t.database.db.delete(components).where(eq(components.id, c.id));
    await t.database.db.delete(teams).where(eq(teams.id, team.id));
    expect((await get(`/api/v1/api-specs/${spec.id}/consumers`)).json()).toEqual([]);

    const c2 = await insertComponent(t);
    await addConsumer(spec.id, { consumerComponentId: c2.id });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/api-specs/${spec.id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(204);
    expect((await get(`/api/v1/catalog/components/${c2.id}/consumed-apis`)).json()).toEqual([]);
  });
});

describe('consumed-apis', () => {
  it('lists specs consumed directly or through the team, each once, without raw content', async () => {
    const team = await insertTeam(t);
    const c = await insertComponent(t, { teamId: team.id });
    const direct = await newSpec();
    const viaTeam = await newSpec(ASYNCAPI2_YAML);
    const both = await newSpec(SWAGGER2_JSON);
    const unrelated = await newSpec();
    await addConsumer(direct.id, { consumerComponentId: c.id });
    await addConsumer(viaTeam.id, { consumerTeamId: team.id });
    await addConsumer(both.id, { consumerComponentId: c.id });
    await addConsumer(both.id, { consumerTeamId: team.id });
    await addConsumer(unrelated.id, { consumerComponentId: (await insertComponent(t)).id });

    const res = await get(`/api/v1/catalog/components/${c.id}/consumed-apis`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((s: { id: string }) => s.id);
    expect(ids.sort()).toEqual([direct.id, viaTeam.id, both.id].sort());
    for (const s of res.json()) {
      expect(s).not.toHaveProperty('spec');
      expect(s).toMatchObject({ name: 'orders', status: 'active', format: expect.stringMatching(/openapi|asyncapi/) });
    }

    // a component without a team sees only its direct ones; a team-mate sees the team's
    const mate = await insertComponent(t, { teamId: team.id });
    expect(
      (await get(`/api/v1/catalog/components/${mate.id}/consumed-apis`))
        .json()
        .map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([viaTeam.id, both.id].sort());
    const loner = await insertComponent(t);
    expect((await get(`/api/v1/catalog/components/${loner.id}/consumed-apis`)).json()).toEqual([]);
  });

  it('404 unknown component, 400 malformed id, 401 without a token', async () => {
    expectError(await get(`/api/v1/catalog/components/${MISSING}/consumed-apis`), 404);
    expectError(await get('/api/v1/catalog/components/zzz/consumed-apis'), 400);
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${MISSING}/consumed-apis` }), 401);
  });
});
