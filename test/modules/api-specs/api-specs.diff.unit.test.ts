import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../../src/modules/api-specs/api-specs.diff.js';
import { parseSpec, type SpecDocument } from '../../../src/modules/api-specs/api-specs.format.js';
import { ASYNCAPI2_YAML, OPENAPI3_YAML, OPENAPI3_YAML_V2, SWAGGER2_JSON } from './fixtures.js';

const doc = (text: string): SpecDocument => {
  const r = parseSpec(text);
  if (!r.ok) throw new Error(r.problem);
  return r.doc;
};
const oa = (paths: object, extra: object = {}): SpecDocument => ({ openapi: '3.0.0', paths, ...extra });
const op = (parameters?: unknown[]) => (parameters ? { parameters, responses: {} } : { responses: {} });
const q = (name: string, required?: boolean) => ({ name, in: 'query', ...(required === undefined ? {} : { required }) });

describe('OpenAPI paths and operations', () => {
  it('identical specs have no changes', () => {
    expect(diffSpecs('openapi', doc(OPENAPI3_YAML), doc(OPENAPI3_YAML))).toEqual({ totalChanges: 0, breakingChanges: 0, entries: [] });
  });

  it('a removed path is breaking, an added path is not', () => {
    const r = diffSpecs('openapi', oa({ '/orders/{id}': { get: op() }, '/a': { get: op() } }), oa({ '/a': { get: op() }, '/b': { post: op() } }));
    expect(r.entries).toEqual([
      { type: 'added', breaking: false, path: '/b', detail: "path '/b' added" },
      { type: 'removed', breaking: true, path: '/orders/{id}', detail: "path '/orders/{id}' removed" },
    ]);
    expect(r).toMatchObject({ totalChanges: 2, breakingChanges: 1 });
  });

  it('a removed operation is breaking, an added one is not', () => {
    const r = diffSpecs('openapi', oa({ '/orders/{id}': { get: op(), delete: op() } }), oa({ '/orders/{id}': { get: op(), put: op() } }));
    expect(r.entries).toEqual([
      { type: 'removed', breaking: true, path: 'DELETE /orders/{id}', detail: 'operation DELETE /orders/{id} removed' },
      { type: 'added', breaking: false, path: 'PUT /orders/{id}', detail: 'operation PUT /orders/{id} added' },
    ]);
  });

  it('only get, post, put, patch and delete count; extension keys and non-path keys are ignored', () => {
    const r = diffSpecs(
      'openapi',
      oa({ '/a': { get: op(), head: op(), options: op(), trace: op(), summary: 'x' }, 'x-internal': { get: op() } }),
      oa({ '/a': { get: op(), summary: 'y' } }),
    );
    expect(r.entries).toEqual([]);
  });

  it('each operation of patch and post is tracked', () => {
    const r = diffSpecs('openapi', oa({ '/a': { patch: op() } }), oa({ '/a': { post: op() } }));
    expect(r.entries.map((e) => [e.type, e.path])).toEqual([
      ['removed', 'PATCH /a'],
      ['added', 'POST /a'],
    ]);
  });

  it('tolerates missing or malformed paths objects', () => {
    expect(diffSpecs('openapi', { openapi: '3.0.0' }, oa({ '/a': { get: op() } })).entries).toHaveLength(1);
    expect(diffSpecs('openapi', oa({ '/a': { get: op() } }), { openapi: '3.0.0', paths: ['nonsense'] }).entries).toEqual([
      { type: 'removed', breaking: true, path: '/a', detail: "path '/a' removed" },
    ]);
    expect(diffSpecs('openapi', oa({ '/a': null }), oa({ '/a': { get: 'not an object' } })).entries).toEqual([]);
  });
});

describe('OpenAPI parameters', () => {
  const base = (params?: unknown[]) => oa({ '/orders/{id}': { get: op(params) } });

  it('required parameter removed: removed and breaking', () => {
    expect(diffSpecs('openapi', base([q('status', true)]), base([])).entries).toEqual([
      { type: 'removed', breaking: true, path: 'GET /orders/{id}', detail: "required query parameter 'status' removed" },
    ]);
  });

  it('optional parameter removed: removed, not breaking', () => {
    expect(diffSpecs('openapi', base([q('limit')]), base()).entries).toEqual([
      { type: 'removed', breaking: false, path: 'GET /orders/{id}', detail: "optional query parameter 'limit' removed" },
    ]);
  });

  it('optional parameter added: added, not breaking; required parameter added: added and breaking', () => {
    const r = diffSpecs('openapi', base(), base([q('limit', false), { name: 'X-Tenant', in: 'header', required: true }]));
    expect(r.entries).toEqual([
      { type: 'added', breaking: false, path: 'GET /orders/{id}', detail: "optional query parameter 'limit' added" },
      { type: 'added', breaking: true, path: 'GET /orders/{id}', detail: "required header parameter 'X-Tenant' added" },
    ]);
    expect(r.breakingChanges).toBe(1);
  });

  it('optional -> required is modified and breaking; required -> optional is modified, not breaking', () => {
    expect(diffSpecs('openapi', base([q('a'), q('b', true)]), base([q('a', true), q('b', false)])).entries).toEqual([
      { type: 'modified', breaking: true, path: 'GET /orders/{id}', detail: "query parameter 'a' became required" },
      { type: 'modified', breaking: false, path: 'GET /orders/{id}', detail: "query parameter 'b' is no longer required" },
    ]);
  });

  it('parameters are keyed by (name, in): the same name in another location is another parameter', () => {
    const r = diffSpecs('openapi', base([q('id', true)]), base([{ name: 'id', in: 'header', required: true }]));
    expect(r.entries.map((e) => e.detail)).toEqual(["required header parameter 'id' added", "required query parameter 'id' removed"]);
  });

  it('path-level parameters apply to every operation; operation-level ones override them', () => {
    const before = oa({ '/o': { parameters: [q('tenant', true)], get: op(), post: op([q('tenant', false)]) } });
    // POST kept its own optional `tenant`, which overrode the path-level one: no change there.
    const after = oa({ '/o': { get: op(), post: op([q('tenant', false)]), put: op() } });
    const withPut = oa({ '/o': { parameters: [q('tenant', true)], get: op(), post: op([q('tenant', false)]), put: op() } });
    expect(diffSpecs('openapi', before, after).entries).toEqual([
      { type: 'removed', breaking: true, path: 'GET /o', detail: "required query parameter 'tenant' removed" },
      { type: 'added', breaking: false, path: 'PUT /o', detail: 'operation PUT /o added' },
    ]);
    expect(diffSpecs('openapi', withPut, after).entries).toEqual([
      { type: 'removed', breaking: true, path: 'GET /o', detail: "required query parameter 'tenant' removed" },
      { type: 'removed', breaking: true, path: 'PUT /o', detail: "required query parameter 'tenant' removed" },
    ]);
    // moving a parameter from the path level to the operation is no change
    expect(diffSpecs('openapi', oa({ '/o': { parameters: [q('x', true)], get: op() } }), oa({ '/o': { get: op([q('x', true)]) } })).entries).toEqual([]);
  });

  it('path parameters are required even without `required: true`', () => {
    expect(diffSpecs('openapi', base([{ name: 'id', in: 'path' }]), base()).entries[0]).toMatchObject({
      breaking: true,
      detail: "required path parameter 'id' removed",
    });
  });

  it('resolves $ref to #/components/parameters (OpenAPI 3) and #/parameters (Swagger 2)', () => {
    const components = { components: { parameters: { Status: q('status', true) } } };
    const v3 = diffSpecs(
      'openapi',
      oa({ '/a': { get: op([{ $ref: '#/components/parameters/Status' }]) } }, components),
      oa({ '/a': { get: op() } }, components),
    );
    expect(v3.entries).toEqual([{ type: 'removed', breaking: true, path: 'GET /a', detail: "required query parameter 'status' removed" }]);

    const sw = (params: object[]) => ({
      swagger: '2.0',
      parameters: { Page: q('page', false), Id: { name: 'id', in: 'path', required: true } },
      paths: { '/i': { get: op(params) } },
    });
    const r = diffSpecs('openapi', sw([{ $ref: '#/parameters/Page' }]), sw([{ $ref: '#/parameters/Page' }, { $ref: '#/parameters/Id' }]));
    expect(r.entries).toEqual([{ type: 'added', breaking: true, path: 'GET /i', detail: "required path parameter 'id' added" }]);
  });

  it('a $ref and its inline equivalent are the same parameter; unresolvable or cyclic refs are skipped', () => {
    const components = { components: { parameters: { S: q('s', true), Loop: { $ref: '#/components/parameters/Loop' } } } };
    expect(
      diffSpecs('openapi', oa({ '/a': { get: op([{ $ref: '#/components/parameters/S' }]) } }, components), oa({ '/a': { get: op([q('s', true)]) } })).entries,
    ).toEqual([]);
    const odd = oa(
      {
        '/a': {
          get: op([{ $ref: '#/components/parameters/Missing' }, { $ref: '#/components/parameters/Loop' }, { $ref: 'other.yaml#/P' }, 'junk', { in: 'query' }]),
        },
      },
      components,
    );
    expect(diffSpecs('openapi', odd, oa({ '/a': { get: op() } })).entries).toEqual([]);
  });

  it('no parameter entries for an operation that was removed or added', () => {
    const r = diffSpecs('openapi', oa({ '/a': { get: op([q('x', true)]) } }), oa({ '/a': { post: op([q('y', true)]) } }));
    expect(r.entries.map((e) => e.detail)).toEqual(['operation GET /a removed', 'operation POST /a added']);
  });
});

describe('AsyncAPI channels', () => {
  it('a removed channel is breaking, an added channel is not; channel content is not compared', () => {
    const before = { asyncapi: '2.6.0', channels: { 'order/created': { subscribe: {} }, 'order/cancelled': {} } };
    const after = { asyncapi: '3.0.0', channels: { 'order/created': { publish: {} }, 'order/shipped': {} } };
    const r = diffSpecs('asyncapi', before, after);
    expect(r).toEqual({
      totalChanges: 2,
      breakingChanges: 1,
      entries: [
        { type: 'removed', breaking: true, path: 'order/cancelled', detail: "channel 'order/cancelled' removed" },
        { type: 'added', breaking: false, path: 'order/shipped', detail: "channel 'order/shipped' added" },
      ],
    });
  });

  it('tolerates missing channels', () => {
    expect(diffSpecs('asyncapi', { asyncapi: '2.0.0' }, doc(ASYNCAPI2_YAML)).entries.map((e) => e.type)).toEqual(['added', 'added']);
  });
});

describe('whole documents and ordering', () => {
  it('orders v1 -> v2 of the fixture', () => {
    const r = diffSpecs('openapi', doc(OPENAPI3_YAML), doc(OPENAPI3_YAML_V2));
    expect(r.entries).toEqual([
      { type: 'added', breaking: false, path: '/customers', detail: "path '/customers' added" },
      { type: 'removed', breaking: true, path: 'DELETE /orders/{id}', detail: 'operation DELETE /orders/{id} removed' },
      { type: 'added', breaking: false, path: 'GET /orders', detail: "optional query parameter 'limit' added" },
      { type: 'removed', breaking: true, path: 'GET /orders', detail: "required query parameter 'status' removed" },
    ]);
    expect(r).toMatchObject({ totalChanges: 4, breakingChanges: 2 });
  });

  it('is deterministic: key order of the input does not change the output', () => {
    const a = oa({ '/z': { get: op() }, '/a': { get: op() }, '/m': { delete: op() } });
    const b1 = oa({ '/b': { get: op() }, '/y': { get: op() } });
    const b2 = oa({ '/y': { get: op() }, '/b': { get: op() } });
    const r1 = diffSpecs('openapi', a, b1);
    expect(r1).toEqual(diffSpecs('openapi', a, b2));
    expect(r1.entries.map((e) => e.path)).toEqual(['/a', '/b', '/m', '/y', '/z']);
  });

  it('Swagger 2 fixture against itself is unchanged', () => {
    expect(diffSpecs('openapi', doc(SWAGGER2_JSON), doc(SWAGGER2_JSON)).totalChanges).toBe(0);
  });
});
