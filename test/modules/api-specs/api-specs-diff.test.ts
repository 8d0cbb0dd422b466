import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { insertComponent, insertTeam } from './fixtures.js';
import { generateOpenApi, resourcesFor } from './generate.js';
import { FIXED_CASES } from './rules-cases.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const register = (componentId: string, spec: unknown, version = '1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/components/${componentId}/api-specs`,
    headers: bearer(admin),
    payload: { name: 'api', version, spec },
  });
const diff = (id: string, compareWith: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/api-specs/${id}/diff?compareWith=${compareWith}`,
    headers: bearer(admin),
  });

async function pair(base: unknown, revision: unknown) {
  const c = await insertComponent(t);
  const a = await register(c.id, base, '1');
  expect(a.statusCode, a.body).toBe(201);
  const b = await register(c.id, revision, '2');
  expect(b.statusCode, b.body).toBe(201);
  return { c, old: a.json().id as string, new: b.json().id as string };
}

describe('lenient registration, strict report', () => {
  it.each([
    ['a missing info.version', { openapi: '3.0.3', info: { title: 'x' }, paths: {} }, '#/info'],
    [
      'an unknown parameter location',
      {
        openapi: '3.1.0',
        info: { title: 'x', version: '1' },
        paths: { '/a': { get: { parameters: [{ name: 'q', in: 'body' }], responses: {} } } },
      },
      '#/paths/~1a/get/parameters/0',
    ],
    ['a Swagger 2 document without info', { swagger: '2.0', paths: {} }, '#'],
    [
      'an AsyncAPI 2 channel with a bad operation',
      { asyncapi: '2.6.0', info: { title: 'x', version: '1' }, channels: { c: { subscribe: { message: 5 } } } },
      '#/channels/c/subscribe/message',
    ],
  ])(
    '%s registers (201) with the problem and its pointer, in the list and the single answer, and diffs',
    async (_label, spec, pointer) => {
      const c = await insertComponent(t);
      const res = await register(c.id, spec);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(
        created.problems.some((p: { pointer: string }) => p.pointer === pointer),
        res.body,
      ).toBe(true);
      const one = (
        await t.app.inject({ method: 'GET', url: `/api/v1/api-specs/${created.id}`, headers: bearer(admin) })
      ).json();
      expect(one.problems).toEqual(created.problems);
      const list = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/components/${c.id}/api-specs`,
          headers: bearer(admin),
        })
      ).json();
      expect(list[0].problems).toEqual(created.problems);
      const again = await register(c.id, { ...spec, 'x-revision': 2 }, '2');
      expect(again.statusCode).toBe(201);
      const d = await diff(again.json().id, created.id);
      expect(d.statusCode, d.body).toBe(200);
    },
  );

  it.each([
    [
      'an unresolvable $ref',
      {
        openapi: '3.0.3',
        info: { title: 'x', version: '1' },
        paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Nope' } } } } },
      },
      '#/paths/~1a/get/responses/200/$ref',
    ],
    [
      'a $ref with bad percent-encoding (400 at registration, never 500 at diff time)',
      {
        openapi: '3.0.3',
        info: { title: 'x', version: '1' },
        paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/%E0%A4%A' } } } } },
      },
      '#/paths/~1a/get/responses/200/$ref',
    ],
    [
      'an external $ref',
      { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { '/a': { $ref: 'other.yaml#/paths/~1a' } } },
      '#/paths/~1a/$ref',
    ],
    [
      'a version that is not OpenAPI 2.0/3.0/3.1',
      { openapi: '4.0.0', info: { title: 'x', version: '1' }, paths: {} },
      '#/openapi',
    ],
    ['neither OpenAPI nor AsyncAPI', { info: { title: 'x', version: '1' }, paths: {} }, '#'],
  ])('400 for %s, naming the pointer', async (_label, spec, pointer) => {
    const c = await insertComponent(t);
    const body = expectError(await register(c.id, spec), 400);
    expect(
      body.details?.some((d: { problem: string }) => d.problem.startsWith(`${pointer} `)),
      JSON.stringify(body),
    ).toBe(true);
    if (pointer.endsWith('$ref')) expect(body.message).toContain(pointer);
  });

  it('400 for text that does not parse', async () => {
    const c = await insertComponent(t);
    const body = expectError(await register(c.id, 'openapi: 3.0.3\ninfo: [unclosed\n'), 400);
    expect(body.message).toMatch(/not valid YAML or JSON/);
  });
});

it('400 for a spec object nested 5,000 levels deep (never a stack overflow)', async () => {
  const c = await insertComponent(t);
  // built as text: JSON.stringify of 5,000 levels would overflow the test's own stack
  const deep = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/components/${c.id}/api-specs`,
    headers: { ...bearer(admin), 'content-type': 'application/json' },
    payload: `{"name":"deep","version":"1","spec":{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"x-deep":${deep}}}`,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  expect(res.json().message).toMatch(/nests/);
});

describe('diff over HTTP', () => {
  it.each(
    FIXED_CASES.filter((c) => !c.now && !c.rule.startsWith('webhook') && !c.rule.includes('security-component')).map(
      (c) => [c.name, c] as const,
    ),
  )('%s', async (_name, c) => {
    const ids = await pair(c.base, c.revision);
    const res = await diff(ids.new, ids.old);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entries.map((e: { rule: string }) => e.rule)).toContain(c.rule);
    // the document's fields stay; schema entries add `reaches`
    for (const e of body.entries)
      expect(
        Object.keys(e)
          .filter((k) => k !== 'reaches')
          .sort(),
      ).toEqual(['breaking', 'detail', 'level', 'location', 'path', 'rule', 'type']);
  });

  it('names the consumers of the old spec when something breaks', async () => {
    const ids = await pair(FIXED_CASES[1]!.base, FIXED_CASES[1]!.revision);
    const consumer = await insertComponent(t, { name: `consumer-${Date.now()}` });
    const team = await insertTeam(t);
    for (const payload of [{ consumerComponentId: consumer.id }, { consumerTeamId: team.id }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/api-specs/${ids.old}/consumers`,
        headers: bearer(admin),
        payload,
      });
      expect(res.statusCode).toBe(201);
    }
    const body = (await diff(ids.new, ids.old)).json();
    expect(body.breakingChanges).toBe(1);
    expect(body.affectedConsumers).toEqual(
      expect.arrayContaining([
        { componentId: consumer.id, name: consumer.name },
        { teamId: team.id, name: team.name },
      ]),
    );
    // nothing breaks the other way round: no affectedConsumers field
    expect((await diff(ids.old, ids.new)).json()).not.toHaveProperty('affectedConsumers');
  });
});

describe('the catalog verbs', () => {
  it('registerFromCatalog adds a version only when the content changed, with the diff at once; addConsumer is idempotent', async () => {
    const apiSpecs = t.app.hangar.modules.apiSpecs;
    const c = await insertComponent(t);
    const caller = systemCaller();
    const v1 = JSON.stringify(FIXED_CASES[1]!.base);
    const first = await apiSpecs.registerFromCatalog(caller, {
      componentId: c.id,
      format: 'openapi',
      content: v1,
      version: 'abc123',
    });
    expect(first.created).toBe(true);
    expect(
      await apiSpecs.registerFromCatalog(caller, {
        componentId: c.id,
        format: 'openapi',
        content: v1,
        version: 'abc124',
      }),
    ).toEqual({
      id: first.id,
      created: false,
    });
    const second = await apiSpecs.registerFromCatalog(caller, {
      componentId: c.id,
      format: 'openapi',
      content: JSON.stringify(FIXED_CASES[1]!.revision),
      version: 'def456',
    });
    expect(second.created).toBe(true);
    expect((await diff(second.id, first.id)).json().breakingChanges).toBe(1);
    const gql = await apiSpecs.registerFromCatalog(caller, {
      componentId: c.id,
      format: 'graphql',
      content: 'type Query { a: String }',
      version: '1',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/api-specs/${gql.id}`, headers: bearer(admin) })).json(),
    ).toMatchObject({
      format: 'graphql',
      spec: 'type Query { a: String }',
    });
    const consumer = await insertComponent(t);
    expect(await apiSpecs.addConsumer(caller, second.id, { componentId: consumer.id })).toEqual({ created: true });
    expect(await apiSpecs.addConsumer(caller, second.id, { componentId: consumer.id })).toEqual({ created: false });
    await expect(
      apiSpecs.registerFromCatalog(caller, {
        componentId: c.id,
        format: 'openapi',
        content: 'openapi: 4.0.0\n',
        version: '2',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('size', () => {
  it('a 10 MB generated spec registers and diffs', async () => {
    const base = JSON.stringify(generateOpenApi(resourcesFor(10_000_000)));
    const revision = JSON.stringify(generateOpenApi(resourcesFor(10_000_000), 1));
    expect(base.length).toBeGreaterThan(10_000_000);
    const c = await insertComponent(t);
    const a = await register(c.id, base, '1');
    expect(a.statusCode, a.body.slice(0, 500)).toBe(201);
    const b = await register(c.id, revision, '2');
    expect(b.statusCode).toBe(201);
    const res = await diff(b.json().id, a.json().id);
    expect(res.statusCode).toBe(200);
    const rules = new Set(res.json().entries.map((e: { rule: string }) => e.rule));
    for (const r of [
      'api-removed-without-deprecation',
      'new-required-request-property',
      'request-property-enum-value-removed',
      'response-property-enum-value-removed',
    ])
      expect(rules).toContain(r);
  }, 120_000);
});
