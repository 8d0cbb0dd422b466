import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import type { EventPublisher } from '../../../src/infra/events.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { createDeploymentsService } from '../../../src/modules/deployments/index.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

/** Deployment writes are announced (decision 701): the portal's feed follows them live. */
let t: TestApp;
const sent: { name: string; payload: any; audience: unknown }[] = [];
const events: EventPublisher = { emit: (name, payload, audience) => void sent.push({ name, payload, audience }) };

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('deployment events', () => {
  it('record emits deployment.created and setStatus deployment.updated, to the caller’s organization', async () => {
    const env = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: bearer(await t.adminToken()),
      payload: { name: uniq('env') },
    });
    const [component] = await t.database.db
      .insert(components)
      .values({ name: uniq('svc'), kind: 'service' })
      .returning();
    const service = createDeploymentsService({ db: t.database.db, events });
    const caller = systemCaller({ organizationId: null });
    const row = await service.record(caller, {
      componentId: component!.id,
      environmentId: env.json().id,
      version: '1.2.3',
      status: 'pending',
    });
    await service.setStatus(caller, row.id, 'succeeded');
    expect(sent.map((e) => [e.name, e.payload.id, e.payload.status])).toEqual([
      ['deployment.created', row.id, 'pending'],
      ['deployment.updated', row.id, 'succeeded'],
    ]);
    expect(sent[0]!.audience).toEqual({ organizationId: null });
  });

  it('a refused write emits nothing', async () => {
    const before = sent.length;
    const service = createDeploymentsService({ db: t.database.db, events });
    await expect(service.setStatus(systemCaller(), '00000000-0000-4000-8000-000000000000', 'failed')).rejects.toThrow(
      /not found/i,
    );
    expect(sent.length).toBe(before);
  });
});
