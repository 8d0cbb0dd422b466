import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../../src/modules/api-specs/diff/index.js';
import { diffAnswer, serialisedDiff } from '../../../src/modules/api-specs/diff/serialise.js';
import { oas } from './rules-cases.js';
import { stripeResources, stripeShaped } from './stripe-shaped.js';

/** Issue 21's patterns, each in a document as small as reproduces it. */
type Obj = Record<string, unknown>;
const json = (schema: unknown) => ({ 'application/json': { schema } });
const get = (schema: unknown, extra: Obj = {}) => ({
  get: { responses: { '200': { description: 'ok', content: json(schema) } }, ...extra },
});
const withSchemas = (paths: Obj, schemas: Obj) => oas(paths, { components: { schemas } });
const ref = (n: string) => ({ $ref: `#/components/schemas/${n}` });
const line = (e: { level: string; rule: string; path: string; location: string }) =>
  `${e.level} ${e.rule} ${e.path} | ${e.location}`;
const Customer = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
const DeletedCustomer = {
  type: 'object',
  properties: { id: { type: 'string' }, deleted: { type: 'boolean', enum: [true] } },
};

describe('no false alarms', () => {
  it('(1) a path parameter in the template but undeclared in the older document is no new parameter', () => {
    const param = { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 5000 } };
    const before = oas({ '/customers/{id}': get({ type: 'string' }) });
    const after = oas({ '/customers/{id}': get({ type: 'string' }, { parameters: [param] }) });
    expect(diffDocuments('openapi', before, after).entries).toEqual([]);
    expect(diffDocuments('openapi', after, before).entries).toEqual([]);
  });

  it('(2) `$ref X` becoming `anyOf [X, deleted_X]` reports only the new alternative', () => {
    const before = withSchemas(
      { '/c': get(ref('customer')) },
      { customer: Customer, deleted_customer: DeletedCustomer },
    );
    const after = withSchemas(
      { '/c': get({ anyOf: [ref('customer'), ref('deleted_customer')] }) },
      { customer: Customer, deleted_customer: DeletedCustomer },
    );
    expect(diffDocuments('openapi', before, after).entries.map(line)).toEqual([
      'error response-body-any-of-added GET /c | response 200 application/json',
    ]);
    expect(diffDocuments('openapi', after, before).entries.map(line)).toEqual([
      'info response-body-any-of-removed GET /c | response 200 application/json',
    ]);
  });

  it('(3) a string gaining an enum is narrowed, whatever happens to its maxLength', () => {
    const before = oas({ '/c': get({ type: 'string', maxLength: 3 }) });
    const after = oas({ '/c': get({ type: 'string', enum: ['eur', 'usd'] }) });
    expect(diffDocuments('openapi', before, after).entries.map(line)).toEqual([
      'info response-body-became-enum GET /c | response 200 application/json',
    ]);
  });

  it('(4) anyOf alternatives are matched by content, not by $ref name', () => {
    const schemas = { customer: Customer, deleted_customer: DeletedCustomer, customer_deleted: DeletedCustomer };
    const before = withSchemas(
      { '/c': get({ anyOf: [{ type: 'string' }, ref('customer'), ref('deleted_customer')] }) },
      schemas,
    );
    const after = withSchemas(
      { '/c': get({ anyOf: [{ type: 'string' }, ref('customer'), ref('customer_deleted')] }) },
      schemas,
    );
    expect(diffDocuments('openapi', before, after).entries).toEqual([]);
  });
});

describe('misses fixed', () => {
  it('a removed request body is breaking', () => {
    const body = { content: json({ type: 'object' }) };
    const r = diffDocuments(
      'openapi',
      oas({ '/a': { post: { requestBody: body, responses: { '200': { description: 'ok' } } } } }),
      oas({ '/a': { post: { responses: { '200': { description: 'ok' } } } } }),
    );
    expect(r.entries.map(line)).toEqual(['error request-body-removed POST /a | request.body']);
  });

  it('a pattern added to a request property is breaking, also in a recursive schema', () => {
    const node = (pattern?: string) => ({
      type: 'object',
      properties: {
        created: { type: 'string', ...(pattern ? { pattern } : {}) },
        children: { type: 'array', items: ref('Node') },
      },
    });
    const doc = (pattern?: string) =>
      withSchemas(
        {
          '/a': { post: { requestBody: { content: json(ref('Node')) }, responses: { '200': { description: 'ok' } } } },
        },
        { Node: node(pattern) },
      );
    const r = diffDocuments('openapi', doc(), doc('^[a-z]+$'));
    expect(r.entries.map(line)).toEqual([
      'error request-property-pattern-added #/components/schemas/Node | request schema /properties/created',
    ]);
    expect(r.breakingChanges).toBe(1);
  });

  it('enum values added to a response are a warning', () => {
    const r = diffDocuments(
      'openapi',
      oas({ '/c': get({ type: 'string', enum: ['a'] }) }),
      oas({ '/c': get({ type: 'string', enum: ['a', 'b'] }) }),
    );
    expect(r.entries.map(line)).toEqual([
      'warning response-body-enum-value-added GET /c | response 200 application/json',
    ]);
  });
});

describe('a change reported once, where it happens', () => {
  const paths = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`/r${i}`, get(ref('Shared'))]));
  const shared = (extra: Obj) => ({ type: 'object', properties: { id: { type: 'string' }, ...extra } });

  it('one schema change reaching 300 operations is one entry with reaches.count', () => {
    const r = diffDocuments(
      'openapi',
      withSchemas(paths(300), { Shared: shared({}) }),
      withSchemas(paths(300), { Shared: shared({ a: { type: 'string' }, b: { type: 'string' } }) }),
    );
    expect(r.totalChanges).toBe(2);
    expect(r.entries[0]).toMatchObject({
      path: '#/components/schemas/Shared',
      location: 'response schema /properties/a',
      rule: 'response-optional-property-added',
    });
    expect(r.entries[0]!.reaches!.count).toBe(300);
    expect(r.entries[0]!.reaches!.operations).toHaveLength(20);
    expect(r.summary).toEqual({
      error: 0,
      warning: 0,
      info: 2,
      rules: [{ rule: 'response-optional-property-added', level: 'info', count: 2 }],
    });
  });

  it('orders breaking first and summarises per rule, breaking rules first', () => {
    const before = oas({ '/a': get({ type: 'string' }), '/b': get({ type: 'string' }) });
    const after = oas({ '/a': get({ type: 'integer' }), '/c': get({ type: 'string' }) });
    const r = diffDocuments('openapi', before, after);
    expect(r.entries.map((e) => e.level)).toEqual(['error', 'error', 'info']);
    expect(r.summary.rules.map((x) => x.level)).toEqual(['error', 'error', 'info']);
  });

  it('pages the serialised answer with skip/take; totals and summary stay whole', () => {
    const before = oas(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/p${i}`, get({ type: 'string' })])));
    const out = serialisedDiff('openapi', before, oas({}), Date.now(), { maxBytes: 1 << 20 });
    if (!out.ok) throw new Error(out.tooLarge);
    const all = JSON.parse(diffAnswer(out.diff));
    const page = JSON.parse(diffAnswer(out.diff, 10, 5));
    expect(all.entries).toHaveLength(30);
    expect(page).toMatchObject({ totalChanges: 30, breakingChanges: 30, summary: all.summary });
    expect(page.entries).toEqual(all.entries.slice(10, 15));
    expect(JSON.parse(diffAnswer(out.diff, 40, 5)).entries).toEqual([]);
  });

  it('a diff over its budget is refused, not built', () => {
    const before = oas(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`/p${i}`, get({ type: 'string' })])));
    const out = serialisedDiff('openapi', before, oas({}), Date.now(), { maxBytes: 65_536 });
    expect(out.ok).toBe(false);
  });
});

describe('a generated Stripe-shaped document (4 MB, cyclic expandable schemas)', () => {
  const n = stripeResources(4_000_000);
  const base = stripeShaped(n, 0);
  const revision = stripeShaped(n, 1);

  it('is about 4 MB with hundreds of operations', () => {
    expect(JSON.stringify(base).length).toBeGreaterThan(3_500_000);
    expect(Object.keys(base.paths as Obj).length).toBeGreaterThan(500);
  });

  it('diffs against its revision in a few hundred entries, without the four false alarms', () => {
    const r = diffDocuments('openapi', base, revision);
    expect(r.totalChanges).toBeLessThan(400);
    const rules = new Set(r.entries.map((e) => e.rule));
    for (const expected of [
      'api-removed-without-deprecation',
      'response-property-type-changed',
      'response-property-enum-value-added',
      'response-optional-property-added',
      'response-body-any-of-added',
      'request-property-pattern-added',
      'api-path-added',
    ])
      expect(rules).toContain(expected);
    for (const alarm of [
      'new-required-request-parameter',
      'response-property-max-length-unset',
      'response-property-any-of-removed',
      'response-body-any-of-removed',
    ])
      expect(rules).not.toContain(alarm);
    // the wrap of `$ref X` into anyOf reports the new alternative only, never X's properties as removed
    expect(r.entries.filter((e) => e.rule.includes('property-removed'))).toEqual([]);
    // a changed schema is one entry, reaching the operations through the cycles
    const grouped = r.entries.find((e) => e.rule === 'response-property-type-changed')!;
    expect(grouped.path).toMatch(/^#\/components\/schemas\/resource_\d+$/);
    expect(grouped.reaches!.count).toBeGreaterThan(100);
    const answer = serialisedDiff('openapi', base, revision, Date.now(), { maxBytes: 8 << 20 });
    expect(answer.ok && answer.diff.entries.length).toBeLessThan(1_000_000);
  });

  it('diffed against an identical copy is empty', () => {
    expect(diffDocuments('openapi', base, structuredClone(base)).entries).toEqual([]);
  });
});
