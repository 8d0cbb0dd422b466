import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakePolicyEngine } from '../../fakes/ports/policy-engine.fake.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { createPolicyEngineService } from '../../../src/modules/policyengine/index.js';
import { createTestDatabase } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/** The policy-engine service over the in-memory policy engine (no OPA), on a database of its own. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;

const caller = systemCaller();
const user = { ...caller, actor: { ...caller.actor, kind: 'user' as const, isAdmin: false, roles: ['user'] } };
const MISSING = '00000000-0000-4000-8000-000000000000';

function engine() {
  const e = new FakePolicyEngine();
  e.policies.set('hangar/deploy/allow', (input) => input.env !== 'prod' || input.approved === true);
  e.policies.set('hangar/deploy', (input) => ({
    allow: input.replicas !== 0,
    deny: input.image === 'latest' ? ['image tag latest is not allowed'] : [],
    violation: input.owner ? [] : [{ msg: 'owner label missing', details: {} }],
  }));
  e.policies.set('hangar/naming', () => ({ violations: { 'name too long': true } }));
  e.policies.set('hangar/odd', () => 42);
  e.policies.set('hangar/undefined', () => undefined);
  return e;
}

const component = () => insertComponent(db.handle.db);

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('policy engine service over FakePolicyEngine', () => {
  it('status: reachable and the server URL; reachable false when it is down (never an error)', async () => {
    const e = engine();
    const service = createPolicyEngineService({ db: db.handle.db, engine: e });
    expect(await service.status(user)).toEqual({ reachable: true, url: 'http://opa.fake' });
    e.up = false;
    expect(await service.status(user)).toEqual({ reachable: false, url: 'http://opa.fake' });
  });

  it('decisions: a boolean, an object (allow + deny/violation), a map of messages, the caller path kept', async () => {
    const e = engine();
    const service = createPolicyEngineService({ db: db.handle.db, engine: e });
    expect(
      await service.evaluate(user, { policyPath: 'hangar/deploy/allow', input: { env: 'prod', approved: true } }),
    ).toEqual({
      policyPath: 'hangar/deploy/allow',
      allowed: true,
      violations: [],
    });
    // Dots, a leading `data.` or `/v1/data/` name the same rule; the answer keeps the caller's text.
    expect(await service.evaluate(user, { policyPath: 'data.hangar.deploy.allow', input: { env: 'prod' } })).toEqual({
      policyPath: 'data.hangar.deploy.allow',
      allowed: false,
      violations: [],
    });
    expect(
      await service.evaluate(user, { policyPath: '/v1/data/hangar/deploy/allow', input: { env: 'dev' } }),
    ).toMatchObject({ allowed: true });
    expect(
      await service.evaluate(user, { policyPath: 'hangar.deploy', input: { replicas: 2, image: 'latest' } }),
    ).toEqual({
      policyPath: 'hangar.deploy',
      allowed: true, // an explicit `allow` wins over the violations
      violations: ['image tag latest is not allowed', 'owner label missing'],
    });
    expect(await service.evaluate(user, { policyPath: 'hangar/deploy', input: { replicas: 0, owner: 'a' } })).toEqual({
      policyPath: 'hangar/deploy',
      allowed: false,
      violations: [],
    });
    // No allow flag: allowed exactly when nothing was denied.
    expect(await service.evaluate(user, { policyPath: 'hangar/naming', input: {} })).toEqual({
      policyPath: 'hangar/naming',
      allowed: false,
      violations: ['name too long'],
    });
  });

  it('an undefined policy or an odd result is not allowed, with a violation saying why', async () => {
    const service = createPolicyEngineService({ db: db.handle.db, engine: engine() });
    for (const policyPath of ['hangar/nothing/here', 'hangar/undefined']) {
      expect(await service.evaluate(user, { policyPath, input: {} })).toEqual({
        policyPath,
        allowed: false,
        violations: [`policy ${policyPath} is undefined: it produced no result for this input`],
      });
    }
    expect(await service.evaluate(user, { policyPath: 'hangar/odd', input: {} })).toEqual({
      policyPath: 'hangar/odd',
      allowed: false,
      violations: ['policy hangar/odd produced a result that is neither a boolean nor an object'],
    });
  });

  it('with a component the result is stored; results answers them newest first', async () => {
    const service = createPolicyEngineService({ db: db.handle.db, engine: engine() });
    const c = await component();
    const first = await service.evaluate(caller, {
      policyPath: 'hangar.deploy',
      input: { replicas: 1, image: 'latest' },
      componentId: c.id,
    });
    expect(first).toEqual({
      id: expect.any(String),
      componentId: c.id,
      policyPath: 'hangar.deploy',
      allowed: true,
      violations: ['image tag latest is not allowed', 'owner label missing'],
      evaluatedAt: expect.any(Date),
    });
    const second = await service.evaluate(caller, {
      policyPath: 'hangar/deploy/allow',
      input: { env: 'prod' },
      componentId: c.id,
    });
    expect(second).toMatchObject({ allowed: false, violations: [] });
    const results = await service.results(user, c.id);
    expect(results.map((r) => r.id)).toEqual([second, first].map((r) => ('id' in r ? r.id : undefined)));
    expect(results[1]).toEqual(first);
    expect(await service.results(user, (await component()).id)).toEqual([]);
    await expect(service.results(user, MISSING)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Component not found',
    });
  });

  it('400 for a path naming no rule and 404 for an unknown component, both before the engine is asked', async () => {
    const e = engine();
    const service = createPolicyEngineService({ db: db.handle.db, engine: e });
    const spy = vi.spyOn(e, 'evaluate');
    for (const policyPath of ['..', 'a b', 'hangar/../x', ' / ']) {
      await expect(service.evaluate(user, { policyPath, input: {} })).rejects.toMatchObject({
        statusCode: 400,
        details: [{ field: 'policyPath', problem: 'invalid' }],
      });
    }
    e.up = false; // a typo in the component id never costs an evaluation, even with the engine down
    await expect(
      service.evaluate(user, { policyPath: 'hangar/deploy', input: {}, componentId: MISSING }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(spy).not.toHaveBeenCalled();
  });

  it('engine unreachable: evaluate 503 and nothing is stored', async () => {
    const e = engine();
    const service = createPolicyEngineService({ db: db.handle.db, engine: e });
    const c = await component();
    e.up = false;
    await expect(service.evaluate(user, { policyPath: 'hangar/deploy', input: {} })).rejects.toMatchObject({
      statusCode: 503,
      message: 'OPA policy server is unreachable',
    });
    await expect(
      service.evaluate(user, { policyPath: 'hangar/deploy', input: {}, componentId: c.id }),
    ).rejects.toMatchObject({ statusCode: 503 });
    expect(await service.results(user, c.id)).toEqual([]);
  });
});
