import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../helpers/app.js';
import { admin, alice, bob, api, dashboard, widget, useDashboardsApp } from './dashboards-setup.js';

useDashboardsApp();

describe('dashboards', () => {
  it('creates a private dashboard owned by the caller', async () => {
    const d = await dashboard(alice.token, { name: 'Mine', description: 'desc' });
    expect(d).toMatchObject({
      name: 'Mine',
      description: 'desc',
      visibility: 'private',
      ownerId: alice.id,
      widgets: [],
    });
    const ws = await dashboard(alice.token, { visibility: 'workspace', ownerId: bob.id });
    expect(ws).toMatchObject({ visibility: 'workspace', ownerId: alice.id, description: '' });
  });

  it('refuses bad input (400) and missing tokens (401)', async () => {
    for (const payload of [
      {},
      { name: '' },
      { name: 'x'.repeat(201) },
      { name: 'x', visibility: 'public' },
      { name: 5 },
    ]) {
      expectError(await api('POST', '/api/v1/dashboards', alice.token, payload), 400);
    }
    expectError(await api('POST', '/api/v1/dashboards', undefined, { name: 'x' }), 401);
    expectError(await api('GET', '/api/v1/dashboards', undefined), 401);
    expectError(await api('GET', '/api/v1/dashboards/nope', alice.token), 400);
    for (const q of ['take=101', 'skip=-1', 'visibility=public', 'ownerId=abc'])
      expectError(await api('GET', `/api/v1/dashboards?${q}`, alice.token), 400);
  });

  it('shows private dashboards to their owner only, also in lists', async () => {
    const priv = await dashboard(bob.token, { name: 'Bob private' });
    const pub = await dashboard(bob.token, { name: 'Bob shared', visibility: 'workspace' });
    await widget(priv.id);
    await widget(pub.id);
    expect((await api('GET', `/api/v1/dashboards/${priv.id}`, bob.token)).json().widgets).toHaveLength(1);
    expectError(await api('GET', `/api/v1/dashboards/${priv.id}`, alice.token), 404);
    expectError(await api('GET', `/api/v1/dashboards/${priv.id}`, admin), 404);
    expect((await api('GET', `/api/v1/dashboards/${pub.id}`, alice.token)).json()).toMatchObject({
      name: 'Bob shared',
      widgets: [{ type: 'alert_summary' }],
    });

    const forAlice = (await api('GET', `/api/v1/dashboards?ownerId=${bob.id}`, alice.token)).json();
    expect(forAlice.data.map((d: { id: string }) => d.id)).toEqual([pub.id]);
    expect(forAlice.total).toBe(1);
    const forBob = (await api('GET', `/api/v1/dashboards?ownerId=${bob.id}`, bob.token)).json();
    expect(forBob.data.map((d: { id: string }) => d.id)).toEqual([pub.id, priv.id]);
    expect(forBob.data[1].widgets).toHaveLength(1);
    const privOnly = (
      await api('GET', `/api/v1/dashboards?ownerId=${bob.id}&visibility=private&take=1`, bob.token)
    ).json();
    expect(privOnly).toMatchObject({ total: 1, take: 1, skip: 0, data: [{ id: priv.id }] });
    expectError(await api('GET', `/api/v1/dashboards/${randomUUID()}`, alice.token), 404);
  });

  it('lets admins change and delete any dashboard; others get 403', async () => {
    const d = await dashboard(bob.token, { name: 'Before', description: 'keep' });
    await widget(d.id);
    expectError(await api('PATCH', `/api/v1/dashboards/${d.id}`, bob.token, { name: 'x' }), 403);
    const res = await api('PATCH', `/api/v1/dashboards/${d.id}`, admin, { name: 'After', visibility: 'workspace' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'After',
      description: 'keep',
      visibility: 'workspace',
      ownerId: bob.id,
      widgets: [{ type: 'alert_summary' }],
    });
    expectError(await api('PATCH', `/api/v1/dashboards/${d.id}`, admin, { visibility: 'everyone' }), 400);
    // description is a string in the contract: clearing it with null reads back as ''
    expect((await api('PATCH', `/api/v1/dashboards/${d.id}`, admin, { description: null })).json().description).toBe(
      '',
    );
    expectError(await api('PATCH', `/api/v1/dashboards/${randomUUID()}`, admin, { name: 'x' }), 404);
    expectError(await api('DELETE', `/api/v1/dashboards/${d.id}`, bob.token), 403);
    const del = await api('DELETE', `/api/v1/dashboards/${d.id}`, admin);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expectError(await api('GET', `/api/v1/dashboards/${d.id}`, bob.token), 404);
    expectError(await api('DELETE', `/api/v1/dashboards/${d.id}`, admin), 404);
  });
});
