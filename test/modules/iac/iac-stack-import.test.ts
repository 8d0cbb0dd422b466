import { describe, expect, it } from 'vitest';
import { bearer, expectError, uniq } from '../../helpers/app.js';
import {
  TOKEN,
  get,
  importStacks,
  ingest,
  jwt,
  newComponent,
  noToken,
  stackByName,
  t,
  useIacApps,
} from './iac-fixture.js';

/** Infrastructure as code: ingestion authentication and stack import (run ingestion: iac-run-ingestion.test.ts). */
useIacApps();

describe('ingestion authentication', () => {
  const calls: [string, object][] = [
    ['/api/v1/iac/runs/ingest', { stackName: 'x', environment: 'dev', type: 'plan', status: 'succeeded' }],
    ['/api/v1/iac/stacks/import', { stacks: [] }],
    ['/api/v1/iac/module-drift/ingest', { modules: [] }],
    ['/api/v1/iac/stacks/00000000-0000-4000-8000-000000000000/resources/ingest', { resources: [] }],
  ];

  it.each(calls)('%s: 401 without a token, with a wrong token, with a JWT', async (url, payload) => {
    expectError(await t.app.inject({ method: 'POST', url, payload }), 401);
    expectError(await ingest(url, payload, bearer('b'.repeat(64))), 401);
    expectError(await ingest(url, payload, bearer(TOKEN.slice(1))), 401);
    expectError(await ingest(url, payload, { authorization: `Basic ${TOKEN}` }), 401);
    expectError(await ingest(url, payload, bearer(jwt)), 401);
    expectError(await ingest(url, payload, bearer(await t.adminToken())), 401);
  });

  it.each(calls)('%s: 401 for every call when IAC_INGEST_TOKEN is unset', async (url, payload) => {
    const res = await noToken.app.inject({ method: 'POST', url, payload, headers: bearer(TOKEN) });
    expect(expectError(res, 401).message).toMatch(/IAC_INGEST_TOKEN/);
    expectError(await noToken.app.inject({ method: 'POST', url, payload }), 401);
  });

  it('checks the token before the body (401 beats 400)', async () => {
    expectError(await ingest('/api/v1/iac/runs/ingest', { nonsense: true }, bearer('wrong')), 401);
  });

  it('query routes take a JWT, not the ingestion token', async () => {
    expectError(await get('/api/v1/iac/stacks', TOKEN), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/iac/dashboard' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/iac/module-drift' }), 401);
    expect((await get('/api/v1/iac/stacks')).statusCode).toBe(200);
  });
});

describe('stack import', () => {
  it('creates then updates by name + environment, keeping componentId and externalToolUrl unless re-sent', async () => {
    const name = uniq('stk');
    const componentId = await newComponent();
    const first = await importStacks([
      {
        name,
        environment: 'imp',
        provider: 'engine_a',
        repositoryUrl: 'https://git.example/infra',
        basePath: 'stacks/a',
        externalToolUrl: 'https://tool.example/a',
        componentId,
      },
      {
        name,
        environment: 'imp2',
        provider: 'engine_a',
        repositoryUrl: 'https://git.example/infra',
        basePath: 'stacks/a',
        externalToolUrl: 'https://tool.example/a2',
      },
    ]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ created: 2, updated: 0 });

    const second = await importStacks([
      {
        name,
        environment: 'imp',
        provider: 'engine_b',
        repositoryUrl: 'https://git.example/infra2',
        basePath: 'stacks/b',
      },
    ]);
    expect(second.json()).toEqual({ created: 0, updated: 1 });
    const s = await stackByName(name, 'imp');
    expect(s).toMatchObject({
      name,
      environment: 'imp',
      provider: 'engine_b',
      repositoryUrl: 'https://git.example/infra2',
      basePath: 'stacks/b',
      externalToolUrl: 'https://tool.example/a',
      componentId,
      latestRun: null,
    });

    // re-sent values replace, including an explicit null
    expect(
      (
        await importStacks([
          { name, environment: 'imp', externalToolUrl: 'https://tool.example/new', componentId: null },
        ])
      ).json(),
    ).toEqual({
      created: 0,
      updated: 1,
    });
    const again = (await get(`/api/v1/iac/stacks/${s.id}`)).json();
    expect(again).toMatchObject({
      id: s.id,
      externalToolUrl: 'https://tool.example/new',
      componentId: null,
      provider: 'engine_b',
    });
    expect(new Date(again.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(s.updatedAt).getTime());
  });

  it('400 naming an unknown componentId, and nothing is written', async () => {
    const name = uniq('stk');
    const missing = '11111111-1111-4111-8111-111111111111';
    const res = await importStacks([
      { name, environment: 'imp' },
      { name: `${name}-2`, environment: 'imp', componentId: missing },
    ]);
    expect(expectError(res, 400).message).toContain(missing);
    expect(await stackByName(name, 'imp')).toBeUndefined();
  });

  it.each([
    [{}],
    [{ stacks: 'x' }],
    [{ stacks: [{ environment: 'dev' }] }],
    [{ stacks: [{ name: 'a' }] }],
    [{ stacks: [{ name: '', environment: 'dev' }] }],
    [{ stacks: [{ name: 'a', environment: 'dev', componentId: 'not-a-uuid' }] }],
    [{ stacks: [{ name: 'a', environment: 'dev', provider: 5 }] }],
    [
      {
        stacks: [
          { name: 'a', environment: 'dev' },
          { name: 'a', environment: 'dev' },
        ],
      },
    ],
    [{ stacks: [{ name: 'nul\u0000byte', environment: 'dev' }] }],
  ])('400 for %j', async (payload) => {
    expectError(await ingest('/api/v1/iac/stacks/import', payload), 400);
  });

  it('400 for a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/iac/stacks/import',
      payload: '{"stacks": [',
      headers: { ...bearer(TOKEN), 'content-type': 'application/json' },
    });
    expectError(res, 400);
  });
});
