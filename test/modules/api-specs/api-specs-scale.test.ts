import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { insertComponent } from './fixtures.js';
import { stripeResources, stripeShaped } from './stripe-shaped.js';

/**
 * Issue 21 from the outside: identical documents, paging, the diff budget (422), lenient
 * registration of oasdiff's structurally incomplete cases, and a 4 MB Stripe-shaped pair.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  // A small diff budget, so that a budget overrun is cheap to provoke.
  t = await buildTestApp({ API_SPEC_DIFF_MAX_BYTES: '65536' });
  admin = await t.adminToken();
});
afterAll(() => t.close());

type Obj = Record<string, unknown>;
const register = (componentId: string, spec: unknown, version = '1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/components/${componentId}/api-specs`,
    headers: bearer(admin),
    payload: { name: 'api', version, spec },
  });
const diff = (id: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/api-specs/${id}/diff?${query}`, headers: bearer(admin) });
const oas = (paths: Obj, version = '3.0.3') => ({ openapi: version, info: { title: 't', version: '1' }, paths });
const ok = { '200': { description: 'ok' } };

async function pair(base: unknown, revision: unknown) {
  const c = await insertComponent(t);
  const a = await register(c.id, base, '1');
  expect(a.statusCode, a.body.slice(0, 300)).toBe(201);
  const b = await register(c.id, revision, '2');
  expect(b.statusCode, b.body.slice(0, 300)).toBe(201);
  return { old: a.json().id as string, new: b.json().id as string, problems: [a.json().problems, b.json().problems] };
}

describe('lenient registration: the structural problems of oasdiff test documents are stored, the spec diffs', () => {
  const cases: [string, Obj, string][] = [
    ['an operation without responses (3.0)', oas({ '/a': { get: {} } }), '#/paths/~1a/get'],
    [
      'a parameter without schema (3.0)',
      oas({ '/a': { get: { parameters: [{ name: 'q', in: 'query' }], responses: ok } } }),
      '#/paths/~1a/get/parameters/0',
    ],
    [
      'a path parameter without required: true (3.0)',
      oas({
        '/a/{id}': { get: { parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }], responses: ok } },
      }),
      '#/paths/~1a~1{id}/get/parameters/0',
    ],
    [
      'a requestBody without content (3.0)',
      oas({ '/a': { post: { requestBody: { required: true }, responses: ok } } }),
      '#/paths/~1a/post/requestBody',
    ],
    [
      'a parameter without schema (3.1)',
      oas({ '/a': { get: { parameters: [{ name: 'q', in: 'query' }], responses: ok } } }, '3.1.0'),
      '#/paths/~1a/get/parameters/0',
    ],
    [
      'a path parameter without required: true (3.1)',
      oas(
        { '/a/{id}': { get: { parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }], responses: ok } } },
        '3.1.0',
      ),
      '#/paths/~1a~1{id}/get/parameters/0',
    ],
    [
      'a requestBody without content (3.1)',
      oas({ '/a': { post: { requestBody: { required: true }, responses: ok } } }, '3.1.0'),
      '#/paths/~1a/post/requestBody',
    ],
    [
      'a response without description (3.0)',
      oas({ '/a': { get: { responses: { '200': {} } } } }),
      '#/paths/~1a/get/responses/200',
    ],
    [
      'a Swagger 2 operation without responses',
      { swagger: '2.0', info: { title: 't', version: '1' }, paths: { '/a': { get: {} } } },
      '#/paths/~1a/get',
    ],
    [
      'a Swagger 2 path parameter without required: true',
      {
        swagger: '2.0',
        info: { title: 't', version: '1' },
        paths: { '/a/{id}': { get: { parameters: [{ name: 'id', in: 'path', type: 'string' }], responses: ok } } },
      },
      '#/paths/~1a~1{id}/get/parameters/0',
    ],
  ];
  it.each(cases)('%s', async (_label, spec, pointer) => {
    const removed = structuredClone(spec);
    const ids = await pair(spec, { ...removed, paths: {} });
    expect(
      ids.problems[0].map((p: { pointer: string }) => p.pointer).some((p: string) => p.startsWith(pointer)),
      JSON.stringify(ids.problems[0]),
    ).toBe(true);
    const res = await diff(ids.new, `compareWith=${ids.old}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().breakingChanges).toBeGreaterThan(0);
  });
});

describe('paging and budget', () => {
  const many = (n: number) =>
    oas(Object.fromEntries(Array.from({ length: n }, (_, i) => [`/p${i}`, { get: { responses: ok } }])));

  it('skip/take page the entries; totals and summary describe them all', async () => {
    const ids = await pair(many(30), oas({}));
    const all = (await diff(ids.new, `compareWith=${ids.old}`)).json();
    expect(all.entries).toHaveLength(30);
    const page = await diff(ids.new, `compareWith=${ids.old}&skip=10&take=5`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/application\/json/);
    expect(page.json()).toMatchObject({
      totalChanges: 30,
      breakingChanges: 30,
      summary: all.summary,
      entries: all.entries.slice(10, 15),
    });
    expect(page.json().affectedConsumers).toEqual([]);
  });

  it.each([['take=0'], ['take=1001'], ['skip=-1'], ['take=abc']])('400 for %s', async (q) => {
    const ids = await pair(many(1), oas({}));
    expectError(await diff(ids.new, `compareWith=${ids.old}&${q}`), 400);
  });

  it('a diff over its budget answers 422 in the envelope, and again (not cached as a failure)', async () => {
    const ids = await pair(many(1500), oas({}));
    for (let i = 0; i < 2; i++) {
      const body = expectError(await diff(ids.new, `compareWith=${ids.old}`), 422);
      expect(body.message).toMatch(/too large|budget/);
    }
  });
});

describe('4 MB Stripe-shaped documents', () => {
  const base = JSON.stringify(stripeShaped(stripeResources(4_000_000), 0));

  it('identical content registered twice diffs to nothing at once (same SHA-256)', async () => {
    const ids = await pair(base, base);
    const res = await diff(ids.new, `compareWith=${ids.old}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalChanges: 0,
      breakingChanges: 0,
      summary: { error: 0, warning: 0, info: 0, rules: [] },
      entries: [],
    });
  }, 120_000);

  it('the same document with another key order diffs to nothing (no SHA-256 shortcut)', async () => {
    const doc = JSON.parse(base) as Obj;
    const reordered = JSON.stringify({
      components: doc.components,
      paths: doc.paths,
      info: doc.info,
      openapi: doc.openapi,
    });
    const ids = await pair(base, reordered);
    const res = await diff(ids.new, `compareWith=${ids.old}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().entries).toEqual([]);
  }, 120_000);
});
