import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { createComponent } from '../../fakes/components.js';
import { startFakeOpa } from '../../fakes/opa-server.js';

let t: TestApp;
let down: TestApp;
let token: string;
let opa: Awaited<ReturnType<typeof startFakeOpa>>;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  opa = await startFakeOpa({
    'hangar/deploy/allow': (input) => input.env !== 'prod',
    'hangar/deploy': (input) => ({
      allow: input.env !== 'prod',
      deny: input.env === 'prod' ? [{ msg: 'prod is frozen' }] : [],
    }),
    'hangar/images': () => ({ violations: ['latest tag', 'no digest'] }),
  });
  t = await buildTestApp({ POLICY_URL: opa.url });
  down = await buildTestApp({ POLICY_URL: 'http://127.0.0.1:1' });
  token = (await t.newUser('pol')).token;
});
afterAll(async () => {
  await t.close();
  await down.close();
  await opa.close();
});

const post = (app: TestApp, payload: unknown, tok = token) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/policyengine/evaluate',
    headers: bearer(tok),
    payload: payload as object,
  });
const component = () => createComponent(t);

describe('policy engine', () => {
  it('status: reachable and url', async () => {
    const res = await t.app.inject({ url: '/api/v1/policyengine/status', headers: bearer(token) });
    expect(res.json()).toEqual({ reachable: true, url: opa.url });
    const off = await down.app.inject({ url: '/api/v1/policyengine/status', headers: bearer(await down.adminToken()) });
    expect(off.json()).toEqual({ reachable: false, url: 'http://127.0.0.1:1' });
  });

  it('401 without a token', async () => {
    expectError(await t.app.inject({ url: '/api/v1/policyengine/status' }), 401);
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/policyengine/evaluate', payload: {} }), 401);
  });

  it('evaluates boolean and object decisions (201), without storing when no componentId', async () => {
    const a = await post(t, { policyPath: 'hangar/deploy/allow', input: { env: 'dev' } });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toEqual({ policyPath: 'hangar/deploy/allow', allowed: true, violations: [] });
    const b = await post(t, { policyPath: 'hangar.deploy', input: { env: 'prod' } });
    expect(b.json()).toEqual({ policyPath: 'hangar.deploy', allowed: false, violations: ['prod is frozen'] });
    const c = await post(t, { policyPath: 'hangar/images', input: {} });
    expect(c.json()).toEqual({ policyPath: 'hangar/images', allowed: false, violations: ['latest tag', 'no digest'] });
  });

  it('undefined policy: allowed false with one violation', async () => {
    const res = await post(t, { policyPath: 'nothing/here', input: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json().allowed).toBe(false);
    expect(res.json().violations).toEqual([expect.stringContaining('undefined')]);
  });

  it('stores results with componentId and lists them newest first', async () => {
    const c = await component();
    const first = await post(t, { policyPath: 'hangar/deploy/allow', input: { env: 'dev' }, componentId: c.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      componentId: c.id,
      policyPath: 'hangar/deploy/allow',
      allowed: true,
      violations: [],
      evaluatedAt: expect.any(String),
    });
    const second = await post(t, { policyPath: 'hangar/deploy', input: { env: 'prod' }, componentId: c.id });
    const list = await t.app.inject({ url: `/api/v1/policyengine/results/${c.id}`, headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { id: string }) => r.id)).toEqual([second.json().id, first.json().id]);
    const empty = await t.app.inject({
      url: `/api/v1/policyengine/results/${(await component()).id}`,
      headers: bearer(token),
    });
    expect(empty.json()).toEqual([]);
  });

  it('404 unknown component; 400 bad input', async () => {
    expectError(await post(t, { policyPath: 'a/b', input: {}, componentId: MISSING }), 404);
    expectError(await t.app.inject({ url: `/api/v1/policyengine/results/${MISSING}`, headers: bearer(token) }), 404);
    expectError(await t.app.inject({ url: '/api/v1/policyengine/results/not-a-uuid', headers: bearer(token) }), 400);
    expectError(await post(t, { input: {} }), 400);
    expectError(await post(t, { policyPath: 'a/b' }), 400);
    expectError(await post(t, { policyPath: 'a/b', input: 'x' }), 400);
    expectError(await post(t, { policyPath: 'a/b', input: {}, componentId: 'nope' }), 400);
    expectError(await post(t, { policyPath: '../../x', input: {} }), 400);
  });

  it('503 when the policy server is unreachable', async () => {
    const body = expectError(await post(down, { policyPath: 'a/b', input: {} }, await down.adminToken()), 503);
    expect(body.message).toContain('OPA');
  });
});
