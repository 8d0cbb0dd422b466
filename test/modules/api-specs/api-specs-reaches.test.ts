import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { registerVersions } from './fixtures.js';
import { oas } from './rules-cases.js';

/**
 * `reaches` names everything (decision 800): a schema entry lists its first 20 operations inline and
 * `GET /api/v1/api-specs/:id/diff/reaches` pages all of them, from the outside.
 */
type Obj = Record<string, unknown>;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const OPERATIONS = 420;
const shared = (extra: Obj) => ({ type: 'object', properties: { id: { type: 'string' }, ...extra } });
/** OPERATIONS operations over 140 paths, all answering the Shared schema. */
function doc(sharedSchema: Obj, extraPaths: Obj = {}) {
  const paths: Obj = { ...extraPaths };
  const response = {
    responses: {
      '200': {
        description: 'ok',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Shared' } } },
      },
    },
  };
  for (let i = 0; i < OPERATIONS / 3; i++)
    paths[`/r${String(i).padStart(3, '0')}`] = { get: response, put: response, delete: response };
  return oas(paths, { components: { schemas: { Shared: sharedSchema } } });
}

async function pair(base: unknown, revision: unknown) {
  const [old, now] = await registerVersions(t, admin, [base, revision]);
  return { old: old!, new: now! };
}
const get = (url: string, token: string | undefined = admin) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/v1/api-specs/:id/diff/reaches', () => {
  let ids: { old: string; new: string };
  let entries: { path: string; location: string; rule: string; reaches?: { count: number; operations: string[] } }[];
  beforeAll(async () => {
    // A breaking schema change reaching every operation, and an operation removed (no reaches).
    ids = await pair(
      doc(shared({}), { '/gone': { post: { responses: { '200': { description: 'ok' } } } } }),
      doc(shared({ id: { type: 'integer' } })),
    );
    const res = await get(`/api/v1/api-specs/${ids.new}/diff?compareWith=${ids.old}`);
    expect(res.statusCode, res.body).toBe(200);
    entries = res.json().entries;
  });
  const url = (query: string) => `/api/v1/api-specs/${ids.new}/diff/reaches?compareWith=${ids.old}&${query}`;

  it('the diff entry names 20 operations and counts all; the endpoint answers every one of them, sorted, in pages', async () => {
    const i = entries.findIndex((e) => e.reaches);
    const entry = entries[i]!;
    expect(entry.reaches!.count).toBe(OPERATIONS);
    expect(entry.reaches!.operations).toHaveLength(20);
    const all = await get(url(`entry=${i}&take=1000`));
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({
      entry: i,
      path: entry.path,
      location: entry.location,
      rule: entry.rule,
      total: OPERATIONS,
      skip: 0,
      take: 1000,
    });
    expect(body.data).toHaveLength(OPERATIONS);
    expect(body.data).toEqual([...body.data].sort());
    expect(new Set(body.data).size).toBe(OPERATIONS);
    expect(body.data.slice(0, 20)).toEqual(entry.reaches!.operations);
    expect(body.data).toContain('DELETE /r139');
    // Pages: default take 20; the last page is short; past the end is empty.
    const first = (await get(url(`entry=${i}`))).json();
    expect(first).toMatchObject({ skip: 0, take: 20, total: OPERATIONS });
    expect(first.data).toEqual(entry.reaches!.operations);
    const last = (await get(url(`entry=${i}&skip=400&take=100`))).json();
    expect(last.data).toEqual(body.data.slice(400));
    expect((await get(url(`entry=${i}&skip=5000`))).json()).toMatchObject({ data: [], total: OPERATIONS, skip: 5000 });
  });

  it('an entry without reaches answers an empty list; an index past the last entry is a 404', async () => {
    const i = entries.findIndex((e) => !e.reaches);
    expect(entries[i]!.path).toBe('/gone');
    expect((await get(url(`entry=${i}`))).json()).toMatchObject({ entry: i, path: '/gone', data: [], total: 0 });
    const missing = expectError(await get(url(`entry=${entries.length}`)), 404);
    expect(missing.message).toContain(`it has ${entries.length} entries`);
  });

  it.each([
    ['no entry', 'compareWith=%OLD%'],
    ['a negative entry', 'compareWith=%OLD%&entry=-1'],
    ['an entry that is not a number', 'compareWith=%OLD%&entry=first'],
    ['take 0', 'compareWith=%OLD%&entry=0&take=0'],
    ['take over 1000', 'compareWith=%OLD%&entry=0&take=1001'],
    ['a negative skip', 'compareWith=%OLD%&entry=0&skip=-1'],
    ['no compareWith', 'entry=0'],
    ['a malformed compareWith', 'compareWith=nope&entry=0'],
  ])('%s is a 400 in the envelope', async (_label, query) => {
    const body = expectError(
      await get(`/api/v1/api-specs/${ids.new}/diff/reaches?${query.replace('%OLD%', ids.old)}`),
      400,
    );
    expect(body.message).not.toMatch(/stack|at \w+ \(/);
  });

  it('unknown specs are 404, no token is 401, identical versions have no entry 0', async () => {
    expectError(
      await get(`/api/v1/api-specs/${ids.new}/diff/reaches?compareWith=00000000-0000-4000-8000-000000000000&entry=0`),
      404,
    );
    expectError(await get(url('entry=0'), ''), 401);
    const same = await pair(doc(shared({})), doc(shared({})));
    expectError(await get(`/api/v1/api-specs/${same.new}/diff/reaches?compareWith=${same.old}&entry=0`), 404);
  });

  it('the paged endpoint is in the served OpenAPI document', async () => {
    const spec = (await get('/api/docs/openapi.json')).json();
    const op = spec.paths['/api/v1/api-specs/{id}/diff/reaches']?.get;
    expect(op?.operationId).toBe('getApiSpecDiffReaches');
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['compareWith', 'entry', 'skip', 'take']),
    );
  });
});

describe('an enum change stays small in the answer (decision 801)', () => {
  it('one value added to an enum of 637 values: a few hundred bytes, never the whole enum', async () => {
    const values = Array.from({ length: 637 }, (_, i) => `payment_method_type_${i}`);
    const withEnum = (list: string[]) => doc(shared({ kind: { type: 'string', enum: list } }));
    const ids = await pair(withEnum(values), withEnum([...values, 'payment_method_type_new']));
    const res = await get(`/api/v1/api-specs/${ids.new}/diff?compareWith=${ids.old}`);
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().entries;
    expect(entry.detail).toBe("1 enum value added: 'payment_method_type_new' (637 values before, 638 now)");
    expect(res.body.length).toBeLessThan(3000);
  });
});
