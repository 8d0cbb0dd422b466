import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
let adminId: string;
let user: { id: string; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  user = await t.newUser('pm');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload } : {}) });

async function incident() {
  const res = await api('POST', '/api/v1/incidents', admin, { title: uniq('Outage'), severity: 'P2' });
  adminId = res.json().createdBy;
  return res.json().id as string;
}

describe('post-mortems', () => {
  it('creates one per incident (201, then 409) and reads it by id and by incident', async () => {
    const incidentId = await incident();
    const res = await api('POST', '/api/v1/post-mortems', admin, {
      incidentId,
      rootCause: 'Expired certificate',
      contributingFactors: ['no alerting'],
      actionItems: [{ title: 'Add expiry alert', assignee: 'sre', done: false }, { title: 'Rotate certs' }],
      body: '# Summary',
    });
    expect(res.statusCode).toBe(201);
    const pm = res.json();
    expect(pm).toMatchObject({
      incidentId,
      rootCause: 'Expired certificate',
      contributingFactors: ['no alerting'],
      actionItems: [
        { title: 'Add expiry alert', assignee: 'sre', done: false },
        { title: 'Rotate certs', done: false },
      ],
      body: '# Summary',
      approvedBy: null,
      approvedAt: null,
      createdBy: adminId,
    });
    expectError(await api('POST', '/api/v1/post-mortems', admin, { incidentId, rootCause: 'again' }), 409);
    expect((await api('GET', `/api/v1/post-mortems/${pm.id}`, user.token)).json()).toEqual(pm);
    expect((await api('GET', `/api/v1/post-mortems/by-incident/${incidentId}`, user.token)).json()).toEqual(pm);
  });

  it('defaults optional fields', async () => {
    const incidentId = await incident();
    const pm = (await api('POST', '/api/v1/post-mortems', admin, { incidentId, rootCause: 'x' })).json();
    expect(pm).toMatchObject({ contributingFactors: [], actionItems: [], body: null });
  });

  it('answers 400 / 401 / 403 / 404 where it should', async () => {
    const incidentId = await incident();
    expectError(await api('POST', '/api/v1/post-mortems', admin, { incidentId: randomUUID(), rootCause: 'x' }), 404);
    for (const payload of [
      { rootCause: 'x' },
      { incidentId },
      { incidentId, rootCause: '' },
      { incidentId: 'nope', rootCause: 'x' },
      { incidentId, rootCause: 'x', contributingFactors: 'one' },
      { incidentId, rootCause: 'x', actionItems: [{ done: true }] },
      { incidentId, rootCause: 'x', actionItems: [{ title: 't', done: 'yes' }] },
    ]) {
      expectError(await api('POST', '/api/v1/post-mortems', admin, payload), 400);
    }
    expectError(await api('POST', '/api/v1/post-mortems', user.token, { incidentId, rootCause: 'x' }), 403);
    expectError(await api('POST', '/api/v1/post-mortems', undefined, { incidentId, rootCause: 'x' }), 401);
    expectError(await api('GET', `/api/v1/post-mortems/${randomUUID()}`, user.token), 404);
    expectError(await api('GET', `/api/v1/post-mortems/by-incident/${incidentId}`, user.token), 404);
    expectError(await api('GET', `/api/v1/post-mortems/by-incident/${randomUUID()}`, user.token), 404);
    expectError(await api('GET', '/api/v1/post-mortems/not-a-uuid', user.token), 400);
    expectError(await api('PATCH', `/api/v1/post-mortems/${randomUUID()}`, admin, { rootCause: 'y' }), 404);
    expectError(await api('PATCH', `/api/v1/post-mortems/${randomUUID()}/approve`, admin), 404);
  });

  it('updates partially; incidentId is fixed; admin only', async () => {
    const incidentId = await incident();
    const pm = (await api('POST', '/api/v1/post-mortems', admin, { incidentId, rootCause: 'x', body: 'keep' })).json();
    const res = await api('PATCH', `/api/v1/post-mortems/${pm.id}`, admin, {
      rootCause: 'y',
      actionItems: [{ title: 'a', done: true }],
      incidentId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rootCause: 'y',
      body: 'keep',
      actionItems: [{ title: 'a', done: true }],
      incidentId,
    });
    expect(
      expectError(await api('PATCH', `/api/v1/post-mortems/${pm.id}`, admin, { incidentId: await incident() }), 400)
        .message,
    ).toContain('incidentId');
    expectError(await api('PATCH', `/api/v1/post-mortems/${pm.id}`, admin, { rootCause: '' }), 400);
    expectError(await api('PATCH', `/api/v1/post-mortems/${pm.id}`, user.token, { rootCause: 'z' }), 403);
    expect((await api('GET', `/api/v1/post-mortems/${pm.id}`, admin)).json().rootCause).toBe('y');
  });

  it('approval records the approving admin and time', async () => {
    const incidentId = await incident();
    const pm = (await api('POST', '/api/v1/post-mortems', admin, { incidentId, rootCause: 'x' })).json();
    expectError(await api('PATCH', `/api/v1/post-mortems/${pm.id}/approve`, user.token), 403);
    const res = await api('PATCH', `/api/v1/post-mortems/${pm.id}/approve`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().approvedBy).toBe(adminId);
    expect(Date.parse(res.json().approvedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is deleted with its incident', async () => {
    const incidentId = await incident();
    const pm = (await api('POST', '/api/v1/post-mortems', admin, { incidentId, rootCause: 'x' })).json();
    expect((await api('DELETE', `/api/v1/incidents/${incidentId}`, admin)).statusCode).toBe(204);
    expectError(await api('GET', `/api/v1/post-mortems/${pm.id}`, admin), 404);
  });
});
