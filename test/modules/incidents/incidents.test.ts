import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { expectError } from '../../helpers/app.js';
import { t, admin, user, api, component, environment, incident, useIncidentsApp } from './incidents-setup.js';

useIncidentsApp();

describe('create and read', () => {
  it('creates an open incident with affected records and a first timeline entry', async () => {
    const [c1, c2, e1] = [await component(), await component('website'), await environment()];
    const res = await api('POST', '/api/v1/incidents', admin, {
      title: 'Checkout down',
      severity: 'P1',
      description: 'Orders fail',
      commanderUserId: user.id,
      affectedComponentIds: [c2.id, c1.id, c2.id],
      affectedEnvironmentIds: [e1.id],
    });
    expect(res.statusCode).toBe(201);
    const inc = res.json();
    expect(inc).toMatchObject({
      title: 'Checkout down',
      severity: 'P1',
      status: 'open',
      description: 'Orders fail',
      commanderUserId: user.id,
      resolvedAt: null,
    });
    expect(inc.affectedComponentIds).toEqual([c2.id, c1.id]);
    expect(inc.affectedEnvironmentIds).toEqual([e1.id]);
    expect(inc.affectedComponents).toEqual([
      { id: c2.id, name: c2.name, kind: 'website' },
      { id: c1.id, name: c1.name, kind: 'service' },
    ]);
    expect(inc.affectedEnvironments).toEqual([{ id: e1.id, name: e1.name, type: 'staging' }]);
    expect(inc.updates).toHaveLength(1);
    expect(inc.updates[0]).toMatchObject({
      type: 'created',
      toStatus: 'open',
      fromStatus: null,
      authorUsername: 'root-admin',
      incidentId: inc.id,
    });

    const got = await api('GET', `/api/v1/incidents/${inc.id}`, user.token);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(inc);
  });

  it('refuses bad input with 400, naming the field or missing id', async () => {
    const missing = randomUUID();
    const cases: [object, string][] = [
      [{ severity: 'P1' }, 'title'],
      [{ title: 'x' }, 'severity'],
      [{ title: '', severity: 'P1' }, 'title'],
      [{ title: 'x'.repeat(201), severity: 'P1' }, 'title'],
      [{ title: 'x', severity: 'P5' }, 'severity'],
      [{ title: 'x', severity: 'P1', commanderUserId: 'nope' }, 'commanderUserId'],
      [{ title: 'x', severity: 'P1', commanderUserId: missing }, missing],
      [{ title: 'x', severity: 'P1', affectedComponentIds: [missing] }, missing],
      [{ title: 'x', severity: 'P1', affectedEnvironmentIds: [missing] }, missing],
      [{ title: 'x', severity: 'P1', affectedComponentIds: 'abc' }, 'affectedComponentIds'],
      [{ title: 1, severity: 'P1' }, 'title'],
    ];
    for (const [payload, text] of cases) {
      const body = expectError(await api('POST', '/api/v1/incidents', admin, payload), 400);
      expect(body.message).toContain(text);
    }
  });

  it('needs admin to create (403) and a token for everything (401)', async () => {
    expectError(await api('POST', '/api/v1/incidents', user.token, { title: 'x', severity: 'P1' }), 403);
    expectError(await api('POST', '/api/v1/incidents', undefined, { title: 'x', severity: 'P1' }), 401);
    expectError(await api('GET', '/api/v1/incidents', undefined), 401);
    expectError(await api('GET', `/api/v1/incidents/${randomUUID()}`, 'bad-token'), 401);
  });

  it('404 for unknown incidents, 400 for malformed ids', async () => {
    const id = randomUUID();
    expectError(await api('GET', `/api/v1/incidents/${id}`, user.token), 404);
    expectError(await api('GET', `/api/v1/incidents/${id}/timeline`, user.token), 404);
    expectError(await api('PATCH', `/api/v1/incidents/${id}`, admin, { title: 'x' }), 404);
    expectError(await api('PATCH', `/api/v1/incidents/${id}/status`, admin, { status: 'resolved' }), 404);
    expectError(await api('DELETE', `/api/v1/incidents/${id}`, admin), 404);
    expectError(await api('POST', `/api/v1/incidents/${id}/updates`, user.token, { message: 'x' }), 404);
    expectError(await api('GET', '/api/v1/incidents/not-a-uuid', user.token), 400);
  });
});

describe('list', () => {
  it('filters by severity and status, newest first, paginated', async () => {
    const a = await incident({ severity: 'P4' });
    const b = await incident({ severity: 'P4' });
    await api('PATCH', `/api/v1/incidents/${b.id}/status`, admin, { status: 'investigating' });
    const all = (await api('GET', '/api/v1/incidents?severity=P4', user.token)).json();
    expect(all.data.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    expect(all).toMatchObject({ total: 2, skip: 0, take: 20 });
    expect(all.data[0]).toMatchObject({ affectedComponentIds: [], affectedEnvironmentIds: [] });
    const inv = (await api('GET', '/api/v1/incidents?severity=P4&status=investigating', user.token)).json();
    expect(inv.data.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const page = (await api('GET', '/api/v1/incidents?severity=P4&skip=1&take=1', user.token)).json();
    expect(page).toMatchObject({ total: 2, skip: 1, take: 1, data: [{ id: a.id }] });
    for (const q of ['take=101', 'take=0', 'skip=-1', 'severity=P9', 'status=closed'])
      expectError(await api('GET', `/api/v1/incidents?${q}`, user.token), 400);
  });
});

describe('update and delete', () => {
  it('changes fields partially and replaces affected lists', async () => {
    const c = await component();
    const inc = await incident({ description: 'keep' });
    const res = await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, {
      title: 'Renamed',
      severity: 'P3',
      affectedComponentIds: [c.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Renamed',
      severity: 'P3',
      description: 'keep',
      status: 'open',
      affectedComponentIds: [c.id],
    });
    const cleared = (
      await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, { description: null, affectedComponentIds: [] })
    ).json();
    expect(cleared).toMatchObject({ description: null, affectedComponentIds: [], affectedComponents: [] });
    const commander = (
      await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, { commanderUserId: user.id.toUpperCase() })
    ).json();
    expect(commander.commanderUserId).toBe(user.id);
    expect(
      (await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, { commanderUserId: null })).json().commanderUserId,
    ).toBeNull();
  });

  it('refuses status through PATCH, unknown ids and bad values with 400; non-admins with 403', async () => {
    const inc = await incident();
    const body = expectError(await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, { status: 'resolved' }), 400);
    expect(body.message).toContain('/status');
    // The current status sent back with other fields (a whole record echoed) is not a move: accepted.
    const same = await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, { status: 'open', title: 'Renamed' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ status: 'open', title: 'Renamed' });
    expect(same.json().updates).toHaveLength(1);
    // Enum failures name the allowed values.
    expect(
      expectError(await api('POST', '/api/v1/incidents', admin, { title: 'x', severity: 'P5' }), 400).message,
    ).toBe('severity must be one of: P1, P2, P3, P4');
    const missing = randomUUID();
    expect(
      expectError(await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, { affectedEnvironmentIds: [missing] }), 400)
        .message,
    ).toContain(missing);
    expect(
      expectError(await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, { commanderUserId: missing }), 400).message,
    ).toContain(missing);
    expectError(await api('PATCH', `/api/v1/incidents/${inc.id}`, admin, { severity: 'high' }), 400);
    expectError(await api('PATCH', `/api/v1/incidents/${inc.id}`, user.token, { title: 'x' }), 403);
    expect((await api('GET', `/api/v1/incidents/${inc.id}`, admin)).json().status).toBe('open');
  });

  it('deletes (204) with its timeline; non-admins get 403', async () => {
    const inc = await incident();
    expectError(await api('DELETE', `/api/v1/incidents/${inc.id}`, user.token), 403);
    const res = await api('DELETE', `/api/v1/incidents/${inc.id}`, admin);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await api('GET', `/api/v1/incidents/${inc.id}/timeline`, admin), 404);
  });

  it('drops a deleted component from the incident', async () => {
    const c = await component();
    const inc = await incident({ affectedComponentIds: [c.id] });
    const { eq } = await import('drizzle-orm');
    await t.database.db.delete(components).where(eq(components.id, c.id));
    expect((await api('GET', `/api/v1/incidents/${inc.id}`, admin)).json().affectedComponentIds).toEqual([]);
  });
});
