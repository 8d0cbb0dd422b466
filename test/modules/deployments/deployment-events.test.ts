import { describe, expect, it } from 'vitest';
import { bearer, expectError } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';
import {
  t,
  user,
  component,
  environmentId,
  rec,
  send,
  event,
  newOrganization,
  useDeploymentEventsApp,
} from './deployment-events-setup.js';

useDeploymentEventsApp();

describe('status moves', () => {
  it('creates on the first event (201) and moves forward (200); a repeat changes nothing', async () => {
    const e = event();
    const created = await send(e);
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json();
    expect(first.outcome).toBe('created');
    expect(first.deployment).toMatchObject({
      componentId: component.id,
      environmentId,
      version: '2.4.1',
      status: 'in_progress',
      source: 'github-actions',
      externalId: e.externalId,
      revision: e.revision,
      url: e.url,
      pipelineRunId: null,
    });
    const id = first.deployment.id;

    const succeeded = await send({ ...e, status: 'succeeded', url: 'https://ci.example/run/123/final' });
    expect(succeeded.statusCode, succeeded.body).toBe(200);
    expect(succeeded.json()).toMatchObject({
      outcome: 'moved',
      deployment: { id, status: 'succeeded', url: 'https://ci.example/run/123/final' },
    });

    const again = await send({ ...e, status: 'succeeded', url: 'https://elsewhere.example/' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().outcome).toBe('unchanged');
    expect(again.json().deployment.url).toBe('https://ci.example/run/123/final');
    expect(again.json().deployment.updatedAt).toBe(succeeded.json().deployment.updatedAt);

    const rolledBack = await send({ ...e, status: 'rolled_back' });
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(rolledBack.json()).toMatchObject({ outcome: 'moved', deployment: { id, status: 'rolled_back' } });

    // Read back where every deployment is read: the list (its feed) and the detail.
    const list = await t.app.inject({
      url: `/api/v1/deployments?componentId=${component.id}`,
      headers: bearer(user.token),
    });
    expect(list.json().data.find((d: { id: string }) => d.id === id)).toMatchObject({
      source: 'github-actions',
      externalId: e.externalId,
      status: 'rolled_back',
    });
    const detail = await t.app.inject({ url: `/api/v1/deployments/${id}`, headers: bearer(user.token) });
    expect(detail.json()).toMatchObject({
      source: 'github-actions',
      url: 'https://ci.example/run/123/final',
      revision: e.revision,
      pipelineId: null,
    });

    // deployment.* events: one created, two moves; the repeat announced nothing.
    const mine = rec.events.filter((x) => x.name.startsWith('deployment.') && x.payload.id === id);
    expect(mine.map((x) => [x.name, x.payload.status])).toEqual([
      ['deployment.created', 'in_progress'],
      ['deployment.updated', 'succeeded'],
      ['deployment.updated', 'rolled_back'],
    ]);
    expect(mine[0]!.payload).toMatchObject({ source: 'github-actions', externalId: e.externalId });
  });

  it('started → failed is a move; failed goes nowhere else', async () => {
    const e = event();
    expect((await send(e)).statusCode).toBe(201);
    expect((await send({ ...e, status: 'failed' })).json()).toMatchObject({
      outcome: 'moved',
      deployment: { status: 'failed' },
    });
    for (const status of ['started', 'succeeded', 'rolled_back']) {
      const body = expectError(await send({ ...e, status }), 409);
      expect(body.message).toContain('failed');
      expect(body.message).toContain(status);
    }
  });

  it('refuses backward moves with 409 naming both states', async () => {
    const e = event({ status: 'succeeded' });
    expect((await send(e)).statusCode).toBe(201);
    const back = expectError(await send({ ...e, status: 'started' }), 409);
    expect(back.message).toBe(`Deployment "${e.externalId}" is succeeded; it cannot move to started`);
    const failed = expectError(await send({ ...e, status: 'failed' }), 409);
    expect(failed.message).toContain('succeeded');
    expect(failed.message).toContain('failed');
    // started → rolled_back skips the success a rollback undoes.
    const s = event();
    await send(s);
    expect(expectError(await send({ ...s, status: 'rolled_back' }), 409).message).toContain(
      'is started; it cannot move to rolled_back',
    );
  });

  it('refuses the same id for another component or environment (409)', async () => {
    const e = event();
    await send(e);
    const other = await insertComponent(t.database.db);
    expect(expectError(await send({ ...e, component: other.id, status: 'succeeded' }), 409).message).toContain(
      'another component or environment',
    );
  });
});

describe('idempotency', () => {
  it('twenty concurrent copies of one event make one deployment', async () => {
    const e = event({ status: 'succeeded' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(e)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.json().deployment.id)).size).toBe(1);
    const list = await t.app.inject({
      url: `/api/v1/deployments?componentId=${component.id}&take=100`,
      headers: bearer(user.token),
    });
    expect(list.json().data.filter((d: { externalId: string }) => d.externalId === e.externalId)).toHaveLength(1);
  });

  it('is per organization: the same (source, externalId) elsewhere is another deployment', async () => {
    const org = await newOrganization(user.token);
    const e = event();
    const none = await send(e);
    const inOrg = await send(e, user.token, org);
    expect(none.statusCode).toBe(201);
    expect(inOrg.statusCode).toBe(201);
    expect(inOrg.json().deployment.id).not.toBe(none.json().deployment.id);
    expect((await send(e, user.token, org)).json().outcome).toBe('unchanged');
  });
});
