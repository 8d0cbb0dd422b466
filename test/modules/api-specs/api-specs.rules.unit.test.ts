import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffDocuments, RULES } from '../../../src/modules/api-specs/diff/index.js';
import { analyseSpec, unpackDocument } from '../../../src/modules/api-specs/spec/analyse.js';
import { CONTENT_CASES } from './rules-cases-content.js';
import { ASYNC_CASES, FIXED_CASES, NON_BREAKING, oas, SCHEMA_CASES, type RuleCase } from './rules-cases.js';

const ALL = [...FIXED_CASES, ...ASYNC_CASES, ...SCHEMA_CASES, ...CONTENT_CASES];

describe('rule table', () => {
  // Where a case mirrors an oasdiff check, the rule id IS oasdiff's id (RULES[id].oasdiff === true).
  it.each(ALL.map((c) => [c.name, c] as const))('%s', (_name, c: RuleCase) => {
    const result = diffDocuments(c.format, c.base, c.revision, c.now);
    const hit = result.entries.find((e) => e.rule === c.rule);
    expect(hit, JSON.stringify(result.entries)).toBeDefined();
    expect(hit!.level).toBe(RULES[c.rule]!.level);
    expect(hit!.breaking).toBe(RULES[c.rule]!.level === 'error');
    expect(hit!.location).not.toBe('');
    expect(result.breakingChanges).toBe(result.entries.filter((e) => e.level === 'error').length);
    expect(result.totalChanges).toBe(result.entries.length);
  });

  it('covers every rule of the table', () => {
    const covered = new Set(ALL.map((c) => c.rule));
    expect(Object.keys(RULES).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('has all three levels, and every level error rule is breaking', () => {
    expect(new Set(Object.values(RULES).map((r) => r.level))).toEqual(new Set(['error', 'warning', 'info']));
  });

  it.each(NON_BREAKING.map((c) => [c.name, c] as const))('no breaking change: %s', (_name, c) => {
    const result = diffDocuments(c.format, c.base, c.revision);
    expect(result.breakingChanges, JSON.stringify(result.entries)).toBe(0);
  });

  it('a renamed path parameter is the same endpoint: no entry at all', () => {
    const c = NON_BREAKING[0]!;
    expect(diffDocuments('openapi', c.base, c.revision)).toMatchObject({
      totalChanges: 0,
      breakingChanges: 0,
      entries: [],
    });
  });

  it('x-sunset decides: before the date an error, after it info (mirrors oasdiff api-removed-before-sunset)', () => {
    const base = oas({ '/a': { get: { responses: {}, deprecated: true, 'x-sunset': '2030-01-01' } } });
    expect(diffDocuments('openapi', base, oas({}), Date.parse('2029-12-31T00:00:00Z')).entries[0]!.rule).toBe(
      'api-path-removed-before-sunset',
    );
    expect(diffDocuments('openapi', base, oas({}), Date.parse('2030-01-02T00:00:00Z')).entries[0]!.rule).toBe(
      'api-path-removed-with-deprecation',
    );
  });

  it('follows $refs into recursive schemas and terminates', () => {
    const tree = (extra: object) => ({
      ...oas({
        '/t': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
              },
            },
          },
        },
      }),
      components: {
        schemas: {
          Node: {
            type: 'object',
            required: ['id'],
            properties: {
              id: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              ...extra,
            },
          },
        },
      },
    });
    const result = diffDocuments('openapi', tree({ name: { type: 'string' } }), tree({}));
    // reported once, on the schema that changed, with the operation it reaches
    expect(result.entries.map((e) => e.rule)).toEqual(['response-optional-property-removed']);
    expect(result.entries[0]).toMatchObject({
      path: '#/components/schemas/Node',
      location: 'response schema /properties/name',
      reaches: { count: 1, operations: ['GET /t'] },
    });
  });

  it('finds a change behind a cycle of $refs (A -> B -> A, B changed), whatever path is checked first', () => {
    const doc = (bType: string) => ({
      ...oas({
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } },
              },
            },
          },
        },
        '/b': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } },
              },
            },
          },
        },
      }),
      components: {
        schemas: {
          A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
          B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' }, v: { type: bType } } },
        },
      },
    });
    const result = diffDocuments('openapi', doc('string'), doc('integer'));
    // once, on B, reaching both operations (through A for GET /a)
    expect(result.entries.map((e) => `${e.path} ${e.rule} ${e.location}`)).toEqual([
      '#/components/schemas/B response-property-type-changed response schema /properties/v',
    ]);
    expect(result.entries[0]!.reaches).toEqual({ count: 2, operations: ['GET /a', 'GET /b'] });
  });

  it('compares a Swagger 2 version with its OpenAPI 3 successor (body parameters become requestBody)', () => {
    const sw = analyseSpec(
      JSON.stringify({
        swagger: '2.0',
        info: { title: 't', version: '1' },
        paths: {
          '/a': {
            post: {
              parameters: [
                {
                  name: 'b',
                  in: 'body',
                  required: true,
                  schema: { type: 'object', properties: { x: { type: 'string' } } },
                },
              ],
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      }),
    );
    expect(sw.ok).toBe(true);
    const next = oas({
      '/a': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    });
    const result = diffDocuments('openapi', unpackDocument((sw as { document: string }).document), next);
    expect(result.entries.map((e) => e.rule)).toEqual(['request-property-became-required']);
  });
});

/** Random OpenAPI documents: paths with operations, parameters and small body schemas. */
const schemaArb = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.record({ type: fc.constantFrom('string', 'integer', 'boolean') }),
    fc.record({ type: fc.constant('string'), enum: fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { minLength: 1 }) }),
    fc.record({ type: fc.constant('string'), maxLength: fc.integer({ min: 1, max: 50 }) }),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(fc.constantFrom('p', 'q', 'r'), tie('node'), { maxKeys: 3 }),
    }),
  ),
}));
const opArb = fc.record({
  parameters: fc.uniqueArray(
    fc.record({ name: fc.constantFrom('x', 'y', 'z'), in: fc.constantFrom('query', 'header'), required: fc.boolean() }),
    {
      selector: (p) => `${p.in}${p.name}`,
      maxLength: 3,
    },
  ),
  requestBody: fc.record({
    required: fc.boolean(),
    content: fc.record({ 'application/json': fc.record({ schema: schemaArb.node }) }),
  }),
  responses: fc.dictionary(
    fc.constantFrom('200', '201', '404'),
    fc.record({
      description: fc.constant('r'),
      content: fc.record({ 'application/json': fc.record({ schema: schemaArb.node }) }),
    }),
    { minKeys: 1, maxKeys: 2 },
  ),
});
const docArb = fc
  .dictionary(
    fc.constantFrom('/a', '/b', '/c/{id}', '/d'),
    fc.dictionary(fc.constantFrom('get', 'post', 'delete'), opArb, { maxKeys: 3 }),
    { maxKeys: 4 },
  )
  .map((paths) => oas(paths));

describe('properties', () => {
  it('a spec diffed against itself is empty', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        expect(diffDocuments('openapi', doc, structuredClone(doc))).toMatchObject({
          totalChanges: 0,
          breakingChanges: 0,
          entries: [],
        });
      }),
      { numRuns: 200 },
    );
  });

  it('swapping base and revision turns removals into additions (and additions into removals)', () => {
    fc.assert(
      fc.property(docArb, docArb, (a, b) => {
        const forward = diffDocuments('openapi', a, b).entries;
        const backward = diffDocuments('openapi', b, a).entries;
        const key = (e: { path: string; location: string }) => `${e.path}|${e.location}`;
        // Decision 303: length bounds dropped or set where an enum appears are not reported (the value is narrowed).
        const count = (list: typeof forward, type: string) =>
          list
            .filter((e) => e.type === type && !/-length-(set|unset)$/.test(e.rule))
            .map(key)
            .sort();
        expect(count(backward, 'added')).toEqual(count(forward, 'removed'));
        expect(count(backward, 'removed')).toEqual(count(forward, 'added'));
      }),
      { numRuns: 200 },
    );
  });
});
