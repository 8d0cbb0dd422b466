import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMap } from '../../../src/infra/events.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
let member: Awaited<ReturnType<TestApp['newUser']>>;
let outsider: Awaited<ReturnType<TestApp['newUser']>>;
let teamName: string;
let componentId: string;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const notifications = () => t.app.hangar.modules.notifications;

interface Item {
  id: string;
  kind: string;
  event: string;
  subjectId: string;
  title: string;
  link: string | null;
  read: boolean;
  organizationId: string | null;
}
/** The user's notifications once every event emitted so far is handled. */
async function feed(token: string, query = '') {
  await notifications().idle();
  const res = await api('GET', `/api/v1/notifications${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Item[]; total: number; skip: number; take: number; unreadCount: number };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  member = await t.newUser('ntf-member');
  outsider = await t.newUser('ntf-outsider');
  teamName = uniq('ntf-team');
  const team = await api('POST', '/api/v1/teams', admin, { name: teamName, type: 'dev' });
  expect(team.statusCode).toBe(201);
  expect((await api('POST', `/api/v1/teams/${team.json().id}/members/${member.id}`, admin)).statusCode).toBe(201);
  const component = await api('POST', '/api/v1/catalog/components', admin, {
    name: uniq('ntf-svc'),
    kind: 'service',
    owner: teamName,
  });
  expect(component.statusCode).toBe(201);
  componentId = component.json().id;
});
afterAll(() => t.close());

describe('derived from domain events', () => {
  it("tells a team's members when their component changes, and nobody else", async () => {
    const mine = await feed(member.token);
    expect(mine.data.find((n) => n.subjectId === componentId && n.event === 'component.created')).toMatchObject({
      kind: 'component',
      read: false,
      organizationId: null,
    });
    expect((await feed(outsider.token)).data.some((n) => n.subjectId === componentId)).toBe(false);
  });

  it('tells them of incidents on their components: declared, then each status move on one resurfacing row', async () => {
    const created = await api('POST', '/api/v1/incidents', admin, {
      title: 'Checkout down',
      severity: 'P1',
      affectedComponentIds: [componentId],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    let mine = (await feed(member.token)).data.filter((n) => n.subjectId === id);
    expect(mine).toEqual([
      expect.objectContaining({ kind: 'incident', event: 'INCIDENT_CREATED', link: `/incidents/${id}` }),
    ]);
    expect(mine[0]!.title).toContain('Checkout down');

    await api('PATCH', `/api/v1/incidents/${id}/status`, admin, { status: 'investigating' });
    const first = (await feed(member.token)).data.find(
      (n) => n.event === 'INCIDENT_STATUS_CHANGED' && n.subjectId === id,
    )!;
    expect(first.title).toContain('investigating');
    await api('POST', `/api/v1/notifications/${first.id}/read`, member.token);
    await api('PATCH', `/api/v1/incidents/${id}/status`, admin, { status: 'resolved' });
    mine = (await feed(member.token)).data.filter((n) => n.event === 'INCIDENT_STATUS_CHANGED' && n.subjectId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: first.id, read: false });
    expect(mine[0]!.title).toContain('resolved');
    expect((await feed(outsider.token)).data.some((n) => n.subjectId === id)).toBe(false);
  });

  it("tells a user of their run's end, behind the organization wall", async () => {
    const org = await api('POST', '/api/v1/organizations', admin, { name: 'Notify org', slug: uniq('ntf-org') });
    expect(org.statusCode).toBe(201);
    const orgId = org.json().id as string;
    const run = (status: string): EventMap['pipeline.run.updated'] =>
      ({
        id: randomUUID(),
        pipelineId: randomUUID(),
        status,
        triggeredBy: member.id,
        version: '1.2.3',
      }) as unknown as EventMap['pipeline.run.updated'];
    // Not a member of the run's organization: nothing.
    const hidden = run('succeeded');
    notifications().observe('pipeline.run.updated', hidden, { organizationId: orgId });
    expect((await feed(member.token)).data.some((n) => n.subjectId === hidden.id)).toBe(false);

    expect(
      (await api('POST', `/api/v1/organizations/${orgId}/members`, admin, { userId: member.id, role: 'member' }))
        .statusCode,
    ).toBe(201);
    const waiting = run('waiting_approval');
    notifications().observe('pipeline.run.updated', waiting, { organizationId: orgId });
    notifications().observe('pipeline.run.updated', run('running'), { organizationId: orgId }); // not news
    const mine = (await feed(member.token)).data.filter((n) => n.kind === 'pipeline_run');
    expect(mine).toEqual([
      expect.objectContaining({
        subjectId: waiting.id,
        organizationId: orgId,
        title: 'Your pipeline run is waiting for approval',
      }),
    ]);

    // Leaving the organization hides what was about it.
    expect((await api('DELETE', `/api/v1/organizations/${orgId}/members/${member.id}`, admin)).statusCode).toBe(204);
    expect((await feed(member.token)).data.some((n) => n.kind === 'pipeline_run')).toBe(false);
    expectError(await api('POST', `/api/v1/notifications/${mine[0]!.id}/read`, member.token), 404);
  });
});

describe('the feed', () => {
  it('pages, filters unread, marks one and all read; a user reaches only their own', async () => {
    const all = await feed(member.token, '?take=1');
    expect(all.take).toBe(1);
    expect(all.data).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const unread = await feed(member.token, '?unread=true&take=100');
    expect(unread.data.every((n) => !n.read)).toBe(true);
    expect(unread.unreadCount).toBe(unread.total);

    const one = unread.data[0]!;
    expectError(await api('POST', `/api/v1/notifications/${one.id}/read`, outsider.token), 404);
    const read = await api('POST', `/api/v1/notifications/${one.id}/read`, member.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: one.id, read: true, readAt: expect.any(String) });
    expect((await feed(member.token)).unreadCount).toBe(unread.unreadCount - 1);

    const all2 = await api('POST', '/api/v1/notifications/read-all', member.token);
    expect(all2.json()).toEqual({ updated: unread.unreadCount - 1 });
    expect((await feed(member.token, '?unread=true')).data).toEqual([]);
  });

  it('refuses bad input with 400 and no token with 401', async () => {
    expectError(await api('GET', '/api/v1/notifications?take=0', member.token), 400);
    expectError(await api('GET', '/api/v1/notifications?unread=maybe', member.token), 400);
    expectError(await api('POST', '/api/v1/notifications/not-a-uuid/read', member.token), 400);
    expectError(await api('POST', `/api/v1/notifications/${randomUUID()}/read`, member.token), 404);
    expectError(await api('GET', '/api/v1/notifications'), 401);
    expectError(await api('POST', '/api/v1/notifications/read-all'), 401);
  });

  it('keeps a bounded number per user, newest first', async () => {
    const user = await t.newUser('ntf-bounded');
    const { createNotificationsService } = await import('../../../src/modules/notifications/notifications.service.js');
    const service = createNotificationsService({
      db: t.database.db,
      events: { emit: () => {} },
      log: { warn: () => {} },
      keepPerUser: 3,
      directory: {
        teamMemberIds: async () => [user.id],
        componentOwners: async () => [],
        incident: async () => undefined,
        organizationIdsOf: async () => [],
        organizationManagerIds: async () => [],
        isAdmin: async () => false,
      },
    });
    const names = ['a', 'b', 'c', 'd', 'e'].map((n) => uniq(n));
    for (const name of names)
      service.observe('component.created', { id: randomUUID(), name, kind: 'service', owner: 'x' });
    await service.idle();
    const page = await feed(user.token);
    expect(page.data.map((n) => n.title)).toEqual(
      names
        .slice(2)
        .reverse()
        .map((n) => `service ${n} was created`),
    );
  });
});

describe('live', () => {
  it('sends notification.created to that user only', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (token: string) => {
      const socket: Socket = connect(`${address}/events`, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const [mine, theirs] = await Promise.all([open(member.token), open(outsider.token)]);
    try {
      const heardByOutsider: unknown[] = [];
      theirs.on('notification.created', (n) => heardByOutsider.push(n));
      const heard = new Promise<Item>((resolve) => mine.once('notification.created', resolve));
      await api('PATCH', `/api/v1/catalog/components/${componentId}`, admin, { description: 'changed' });
      const n = await heard;
      expect(n).toMatchObject({ event: 'component.updated', subjectId: componentId, read: false });
      await notifications().idle();
      expect(heardByOutsider).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
