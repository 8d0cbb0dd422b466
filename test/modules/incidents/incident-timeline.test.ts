import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { expectError, uniq } from '../../helpers/app.js';
import { t, admin, user, api, incident, useIncidentsApp } from './incidents-setup.js';

useIncidentsApp();

describe('status moves', () => {
  const allowed: Record<string, string[]> = {
    open: ['investigating', 'identified', 'resolved'],
    investigating: ['identified', 'resolved'],
    identified: ['resolved'],
    resolved: [],
  };
  const path: Record<string, string[]> = {
    open: [],
    investigating: ['investigating'],
    identified: ['identified'],
    resolved: ['resolved'],
  };
  for (const from of Object.keys(allowed)) {
    it(`from ${from}: exactly ${allowed[from]!.join(', ') || 'nothing'} allowed`, async () => {
      for (const to of Object.keys(allowed)) {
        const inc = await incident();
        for (const step of path[from]!)
          expect((await api('PATCH', `/api/v1/incidents/${inc.id}/status`, admin, { status: step })).statusCode).toBe(
            200,
          );
        const res = await api('PATCH', `/api/v1/incidents/${inc.id}/status`, admin, {
          status: to,
          message: `to ${to}`,
        });
        if (allowed[from]!.includes(to)) {
          expect(res.statusCode).toBe(200);
          expect(res.json().status).toBe(to);
          expect(res.json().updates.at(-1)).toMatchObject({
            type: 'status_change',
            fromStatus: from,
            toStatus: to,
            message: `to ${to}`,
          });
        } else {
          expectError(res, 400);
          expect((await api('GET', `/api/v1/incidents/${inc.id}`, admin)).json().status).toBe(from);
        }
      }
    });
  }

  it('sets resolvedAt, writes a default message, checks input and role', async () => {
    const inc = await incident();
    expectError(await api('PATCH', `/api/v1/incidents/${inc.id}/status`, user.token, { status: 'resolved' }), 403);
    expectError(await api('PATCH', `/api/v1/incidents/${inc.id}/status`, admin, { status: 'closed' }), 400);
    expectError(await api('PATCH', `/api/v1/incidents/${inc.id}/status`, admin, {}), 400);
    const res = (await api('PATCH', `/api/v1/incidents/${inc.id}/status`, admin, { status: 'resolved' })).json();
    expect(res.resolvedAt).toEqual(expect.any(String));
    expect(res.updates.at(-1).message).toBe('Status changed from open to resolved');
  });
});

describe('timeline', () => {
  it('keeps chronological order and records authors', async () => {
    const inc = await incident();
    const first = await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, { message: 'looking' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'looking',
      authorId: user.id,
      authorUsername: user.username,
      type: 'update',
      fromStatus: null,
      toStatus: null,
      incidentId: inc.id,
    });
    await api('PATCH', `/api/v1/incidents/${inc.id}/status`, admin, { status: 'identified', message: 'found it' });
    for (let i = 0; i < 5; i++)
      await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, { message: `note ${i}` });
    const timeline = (await api('GET', `/api/v1/incidents/${inc.id}/timeline`, user.token)).json();
    expect(timeline.map((e: { message: string }) => e.message)).toEqual([
      `Incident created: ${inc.title}`,
      'looking',
      'found it',
      'note 0',
      'note 1',
      'note 2',
      'note 3',
      'note 4',
    ]);
    expect(timeline.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'update',
      'status_change',
      'update',
      'update',
      'update',
      'update',
      'update',
    ]);
    expect((await api('GET', `/api/v1/incidents/${inc.id}`, user.token)).json().updates).toEqual(timeline);
  });

  it('lets only admins name another author', async () => {
    const inc = await incident();
    const other = await t.newUser('other');
    expectError(
      await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, { message: 'x', authorId: other.id }),
      403,
    );
    const self = await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, {
      message: 'mine',
      authorId: user.id,
    });
    expect(self.statusCode).toBe(201);
    const onBehalf = await api('POST', `/api/v1/incidents/${inc.id}/updates`, admin, {
      message: 'for other',
      authorId: other.id,
    });
    expect(onBehalf.statusCode).toBe(201);
    expect(onBehalf.json()).toMatchObject({ authorId: other.id, authorUsername: other.username });
    const missing = randomUUID();
    expect(
      expectError(
        await api('POST', `/api/v1/incidents/${inc.id}/updates`, admin, { message: 'x', authorId: missing }),
        400,
      ).message,
    ).toContain(missing);
    expectError(await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, {}), 400);
    expectError(await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, { message: '' }), 400);
    expectError(
      await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, { message: 'x', authorId: 'bad' }),
      400,
    );
    expectError(await api('POST', `/api/v1/incidents/${inc.id}/updates`, undefined, { message: 'x' }), 401);
  });
});

describe('events', () => {
  it('emits INCIDENT_CREATED and INCIDENT_STATUS_CHANGED to /events clients', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Socket = connect(`${address}/events`, {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const next = (name: string) => new Promise<any>((resolve) => socket.once(name, resolve));
      const created = next('INCIDENT_CREATED');
      const inc = await incident({ title: 'Evented', severity: 'P3' });
      expect(await created).toEqual({ incidentId: inc.id, title: 'Evented', severity: 'P3' });
      const changed = next('INCIDENT_STATUS_CHANGED');
      const adminId = inc.createdBy;
      await api('PATCH', `/api/v1/incidents/${inc.id}/status`, admin, { status: 'investigating' });
      expect(await changed).toEqual({
        incidentId: inc.id,
        previousStatus: 'open',
        newStatus: 'investigating',
        updatedBy: adminId,
      });
    } finally {
      socket.close();
    }
  });
});

describe('for the portal (decision 744)', () => {
  it('filters the list by affected component; a manual update emits incident.update.created', async () => {
    const [c] = await t.database.db
      .insert(components)
      .values({ name: uniq('inc-filter'), kind: 'service' })
      .returning();
    const hit = await incident({ title: 'On it', severity: 'P2', affectedComponentIds: [c!.id] });
    await incident({ title: 'Elsewhere', severity: 'P2' });
    const res = await api('GET', `/api/v1/incidents?componentId=${c!.id}`, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, data: [{ id: hit.id }] });
    expectError(await api('GET', '/api/v1/incidents?componentId=nope', user.token), 400);

    const address = await t.app
      .listen({ port: 0, host: '127.0.0.1' })
      .catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
    const socket: Socket = connect(`${address}/events`, {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const heard = new Promise<any>((resolve) => socket.once('incident.update.created', resolve));
      const entry = await api('POST', `/api/v1/incidents/${hit.id}/updates`, user.token, { message: 'Rolling back' });
      expect(await heard).toEqual({ incidentId: hit.id, id: entry.json().id });
    } finally {
      socket.close();
    }
  });
});
