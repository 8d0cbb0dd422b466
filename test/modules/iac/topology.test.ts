import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

const TOKEN = 'topology-ingest-token-0123456789abcdef';
let t: TestApp;
let jwt: string;
let stackId: string;

beforeAll(async () => {
  t = await buildTestApp({ IAC_INGEST_TOKEN: TOKEN });
  jwt = (await t.newUser('topo')).token;
  const name = uniq('topo');
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/iac/stacks/import',
    headers: bearer(TOKEN),
    payload: { stacks: [{ name, environment: 'topo' }] },
  });
  const list = (
    await t.app.inject({ method: 'GET', url: '/api/v1/iac/stacks?environment=topo', headers: bearer(jwt) })
  ).json();
  stackId = list[0].id;
});
afterAll(() => t.close());

const ingest = (payload: unknown, id = stackId, headers = bearer(TOKEN)) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/iac/stacks/${id}/resources/ingest`,
    payload: payload as object,
    headers,
  });
const graph = async (id = stackId) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/iac/stacks/${id}/resources`, headers: bearer(jwt) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    nodes: { address: string; type: string; provider: string; name: string }[];
    edges: { source: string; target: string }[];
  };
};
const node = (address: string) => ({
  address,
  type: 'aws_instance',
  provider: 'registry.example/cloud_a',
  name: address.split('.').at(-1)!,
});

describe('topology ingestion', () => {
  it('starts empty, stores the graph (201, empty body) and replaces it wholesale', async () => {
    expect(await graph()).toEqual({ nodes: [], edges: [] });
    const first = await ingest({
      resources: [node('aws_vpc.main'), node('aws_subnet.a'), node('aws_instance.web')],
      dependencies: [
        { sourceAddress: 'aws_subnet.a', targetAddress: 'aws_vpc.main' },
        { sourceAddress: 'aws_instance.web', targetAddress: 'aws_subnet.a' },
        { sourceAddress: 'aws_instance.web', targetAddress: 'aws_subnet.a' },
      ],
    });
    expect(first.statusCode).toBe(201);
    expect(first.body).toBe('');
    const g1 = await graph();
    expect(g1.nodes).toEqual([node('aws_instance.web'), node('aws_subnet.a'), node('aws_vpc.main')]);
    expect(g1.edges).toEqual([
      { source: 'aws_instance.web', target: 'aws_subnet.a' },
      { source: 'aws_subnet.a', target: 'aws_vpc.main' },
    ]);

    expect((await ingest({ resources: [node('aws_s3_bucket.logs')] })).statusCode).toBe(201);
    expect(await graph()).toEqual({ nodes: [node('aws_s3_bucket.logs')], edges: [] });
  });

  it('refuses a bad graph with 400 and leaves the previous one untouched', async () => {
    const good = {
      resources: [node('a.one'), node('a.two')],
      dependencies: [{ sourceAddress: 'a.one', targetAddress: 'a.two' }],
    };
    expect((await ingest(good)).statusCode).toBe(201);
    const before = await graph();

    const unknownEdge = await ingest({
      resources: [node('b.one')],
      dependencies: [{ sourceAddress: 'b.one', targetAddress: 'b.missing' }],
    });
    expect(expectError(unknownEdge, 400).message).toContain('b.missing');
    const duplicate = await ingest({ resources: [node('b.one'), node('b.one')] });
    expect(expectError(duplicate, 400).message).toContain('b.one');
    for (const payload of [
      {},
      { resources: 'x' },
      { resources: [{ type: 'x' }] },
      { resources: [{ ...node('c.one'), address: '' }] },
      { resources: [{ ...node('c.one'), type: 7 }] },
      { resources: [node('c.one')], dependencies: [{ sourceAddress: 'c.one' }] },
      { resources: [node('c.one')], dependencies: 'x' },
      { resources: [node('c.\u0000')] },
    ]) {
      expectError(await ingest(payload), 400);
    }
    expect(await graph()).toEqual(before);
  });

  it('a node given only its address gets type, name and provider from it', async () => {
    const res = await ingest({
      resources: [
        { address: 'module.net["eu"].aws_vpc.main' },
        { address: 'data.google_project.p', provider: 'registry.example/google' },
        { address: 'x', type: 't', provider: 'p', name: 'n' },
      ],
      dependencies: [{ sourceAddress: 'x', targetAddress: 'data.google_project.p' }],
    });
    expect(res.statusCode).toBe(201);
    expect((await graph()).nodes).toEqual([
      { address: 'data.google_project.p', type: 'google_project', provider: 'registry.example/google', name: 'p' },
      { address: 'module.net["eu"].aws_vpc.main', type: 'aws_vpc', provider: 'aws', name: 'main' },
      { address: 'x', type: 't', provider: 'p', name: 'n' },
    ]);
    expectError(await ingest({ resources: [{ type: 'aws_vpc' }] }), 400);
    expectError(await ingest({ resources: [{ address: 'a.b', type: 3 }] }), 400);
  });

  it('404 for an unknown stack (after shape validation), 400 for a malformed id, 401 without the token', async () => {
    const missing = '33333333-3333-4333-8333-333333333333';
    expectError(await ingest({ resources: [node('x.y')] }, missing), 404);
    expectError(await ingest({ resources: [node('x.y'), node('x.y')] }, missing), 404);
    expectError(await ingest({ resources: 'nope' }, missing), 400);
    expectError(await ingest({ resources: [] }, 'not-a-uuid'), 400);
    expectError(await ingest({ resources: [] }, stackId, bearer(jwt)), 401);
  });

  it('413 beyond the 32 MiB ingestion body limit', async () => {
    const payload = `{"resources":[],"pad":"${'x'.repeat(33 * 1024 * 1024)}"}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/iac/stacks/${stackId}/resources/ingest`,
      payload,
      headers: { ...bearer(TOKEN), 'content-type': 'application/json' },
    });
    expectError(res, 413);
  });

  it('takes 10,000 nodes and 20,000 edges in one call (beyond the default body limit)', async () => {
    const resources = Array.from({ length: 10_000 }, (_, i) => ({
      address: `module.app.aws_instance.web[${i}]`,
      type: 'aws_instance',
      provider: 'registry.example/hashicorp/cloud_a',
      name: 'web',
    }));
    // i -> i+1 and i -> i+2 (mod 10,000): 20,000 distinct edges.
    const dependencies = Array.from({ length: 20_000 }, (_, i) => ({
      sourceAddress: resources[i % 10_000]!.address,
      targetAddress: resources[((i % 10_000) + (i < 10_000 ? 1 : 2)) % 10_000]!.address,
    }));
    const payload = JSON.stringify({ resources, dependencies });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/iac/stacks/${stackId}/resources/ingest`,
      payload,
      headers: { ...bearer(TOKEN), 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const elapsed = Date.now() - started;
    const g = await graph();
    expect(g.nodes).toHaveLength(10_000);
    expect(g.edges).toHaveLength(20_000);
    expect(elapsed).toBeLessThan(20_000);
  }, 60_000);
});
