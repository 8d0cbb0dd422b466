import { describe, expect, it } from 'vitest';
import { expectError } from '../../helpers/app.js';
import { ASYNCAPI2_YAML, ASYNCAPI3_YAML, MISSING, OPENAPI3_YAML, SWAGGER2_JSON, insertComponent } from './fixtures.js';
import { t, user, create, get, newSpec, useApiSpecsApp } from './api-specs-setup.js';

useApiSpecsApp();

describe('create and read', () => {
  it('registers an OpenAPI 3 YAML spec: 201, active, without the raw content', async () => {
    const c = await insertComponent(t);
    const res = await create(c.id, { name: 'orders', version: '1.0.0', spec: OPENAPI3_YAML });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      componentId: c.id,
      name: 'orders',
      version: '1.0.0',
      format: 'openapi',
      status: 'active',
      deprecatedAt: null,
      sunsetAt: null,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(body).not.toHaveProperty('spec');

    const one = await get(`/api/v1/api-specs/${body.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ ...body, spec: OPENAPI3_YAML });
  });

  it.each([
    ['Swagger 2 JSON', SWAGGER2_JSON, 'openapi'],
    ['AsyncAPI 2 YAML', ASYNCAPI2_YAML, 'asyncapi'],
    ['AsyncAPI 3 YAML', ASYNCAPI3_YAML, 'asyncapi'],
    ['OpenAPI 3.1 unquoted number', 'openapi: 3.1\ninfo: {title: x, version: "1"}\npaths: {}\n', 'openapi'],
    ['OpenAPI 3.1 with webhooks only', 'openapi: 3.1.0\ninfo: {title: x, version: "1"}\nwebhooks: {}\n', 'openapi'],
    ['OpenAPI 3 JSON', JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }), 'openapi'],
    ['Swagger 2 YAML with a number version', 'swagger: 2.0\ninfo: {title: x, version: "1"}\npaths: {}\n', 'openapi'],
  ])('detects the format of %s', async (_label, spec, format) => {
    const body = await newSpec(spec);
    expect(body.format).toBe(format);
  });

  it('accepts a declared format that matches the content', async () => {
    expect((await newSpec(ASYNCAPI2_YAML, { format: 'asyncapi' })).format).toBe('asyncapi');
    expect((await newSpec(SWAGGER2_JSON, { format: 'openapi' })).format).toBe('openapi');
  });

  it.each([
    ['garbage text', 'this is : not : a spec : at all'],
    ['unparseable YAML', 'key: [unclosed'],
    ['a YAML list', '- a\n- b\n'],
    ['a plain scalar', 'hello'],
    ['neither OpenAPI nor AsyncAPI', 'info:\n  title: x\n'],
    ['an unsupported OpenAPI version', 'openapi: 2.0\npaths: {}\n'],
    ['an unsupported Swagger version', 'swagger: "1.2"\n'],
    ['an unsupported AsyncAPI version', 'asyncapi: 1.2.0\n'],
    ['both kinds at once', 'openapi: 3.0.0\nasyncapi: 2.0.0\n'],
    ['several YAML documents', 'openapi: 3.0.0\n---\nopenapi: 3.0.0\n'],
    ['broken JSON', '{"openapi": "3.0.0", '],
    ['deep nesting', '['.repeat(20000)],
  ])('400 for %s', async (_label, spec) => {
    const c = await insertComponent(t);
    const body = expectError(await create(c.id, { name: 'x', version: '1', spec }), 400);
    expect(body.details?.[0]?.field).toBe('spec');
  });

  it('400 for an alias bomb (billion laughs)', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [prev, next] of [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'f'],
      ['f', 'g'],
    ]) {
      levels.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const c = await insertComponent(t);
    const body = expectError(
      await create(c.id, { name: 'bomb', version: '1', spec: `openapi: 3.0.0\n${levels.join('\n')}\n` }),
      400,
    );
    expect(body.message).toMatch(/not valid YAML/);
  });

  it.each([
    ['no version key, declared asyncapi', 'info: {title: x}\n', 'asyncapi'],
    ['no version key, declared openapi', JSON.stringify({ paths: { '/a': { get: {} } } }), 'openapi'],
    ['no version key, only paths', 'paths:\n  /a: {get: {}}\n', undefined],
  ])(
    '400 for a document without a version key (%s): it must be a valid OpenAPI or AsyncAPI document',
    async (_label, spec, format) => {
      const c = await insertComponent(t);
      const body = expectError(
        await create(c.id, { name: 'x', version: '1', spec, ...(format ? { format } : {}) }),
        400,
      );
      expect(body.details?.[0]?.field).toBe('spec');
    },
  );

  it('accepts the spec as a JSON object and stores it as JSON text', async () => {
    const doc = {
      openapi: '3.0.0',
      info: { title: 'x', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
    };
    const body = await newSpec(doc as unknown as string);
    expect(body).toMatchObject({ format: 'openapi' });
    expect(body).not.toHaveProperty('spec');
    expect((await get(`/api/v1/api-specs/${body.id}`)).json().spec).toBe(JSON.stringify(doc));
  });

  it('400 when the declared format contradicts the content', async () => {
    const c = await insertComponent(t);
    const body = expectError(
      await create(c.id, { name: 'x', version: '1', format: 'asyncapi', spec: OPENAPI3_YAML }),
      400,
    );
    expect(body.message).toMatch(/contradicts/);
    expect(body.details?.[0]?.field).toBe('format');
    expectError(await create(c.id, { name: 'x', version: '1', format: 'openapi', spec: ASYNCAPI3_YAML }), 400);
  });

  it.each([
    [{ version: '1', spec: OPENAPI3_YAML }, 'name'],
    [{ name: 'x', spec: OPENAPI3_YAML }, 'version'],
    [{ name: 'x', version: '1' }, 'spec'],
    [{ name: '', version: '1', spec: OPENAPI3_YAML }, 'name'],
    [{ name: 'x', version: '', spec: OPENAPI3_YAML }, 'version'],
    [{ name: 'x', version: '1', spec: '' }, 'spec'],
    [{ name: 'x', version: '1', spec: OPENAPI3_YAML, format: 'graphql' }, 'format'],
    [{ name: 'x', version: 1, spec: OPENAPI3_YAML }, 'version'],
    [{ name: 'x', version: '1', spec: 5 }, 'spec'],
    [{ name: 'x', version: '1', spec: ['openapi: 3.0.0'] }, 'spec'],
    [{ name: 'x'.repeat(201), version: '1', spec: OPENAPI3_YAML }, 'name'],
  ])('400 for body %j', async (payload, field) => {
    const c = await insertComponent(t);
    expect(expectError(await create(c.id, payload), 400).message).toContain(field);
  });

  it('413 for a spec above API_SPEC_MAX_BYTES, and for a body above the route limit that follows it', async () => {
    const c = await insertComponent(t);
    const big = `openapi: 3.0.0\ninfo:\n  title: x\n  version: "1"\n  description: "${'x'.repeat(1_100_000)}"\npaths: {}\n`;
    expect(expectError(await create(c.id, { name: 'big', version: '1', spec: big }), 413).message).toMatch(
      /API_SPEC_MAX_BYTES/,
    );
    expectError(await create(c.id, { name: 'big', version: '1', spec: big + 'x'.repeat(1_100_000) }), 413);
  });

  it('404 for an unknown component, 400 for a malformed id', async () => {
    expectError(await create(MISSING, { name: 'x', version: '1', spec: OPENAPI3_YAML }), 404);
    expectError(await create('not-a-uuid', { name: 'x', version: '1', spec: OPENAPI3_YAML }), 400);
    expectError(await get(`/api/v1/catalog/components/${MISSING}/api-specs`), 404);
    expectError(await get('/api/v1/catalog/components/nope/api-specs'), 400);
  });

  it('401 without a token, 403 for non-admins', async () => {
    const c = await insertComponent(t);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/components/${c.id}/api-specs`,
        payload: { name: 'x', version: '1', spec: OPENAPI3_YAML },
      }),
      401,
    );
    expectError(await create(c.id, { name: 'x', version: '1', spec: OPENAPI3_YAML }, user), 403);
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${c.id}/api-specs` }), 401);
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/api-specs/${MISSING}` }), 401);
  });

  it('lists the specs of a component without raw content; other components are not mixed in', async () => {
    const c = await insertComponent(t);
    const other = await insertComponent(t);
    await create(other.id, { name: 'other', version: '1', spec: OPENAPI3_YAML });
    expect((await get(`/api/v1/catalog/components/${c.id}/api-specs`)).json()).toEqual([]);
    const v1 = (await create(c.id, { name: 'orders', version: '1.0.0', spec: OPENAPI3_YAML })).json();
    const v2 = (await create(c.id, { name: 'orders', version: '2.0.0', spec: OPENAPI3_YAML })).json();
    const ev = (await create(c.id, { name: 'events', version: '1', spec: ASYNCAPI2_YAML })).json();
    const res = await get(`/api/v1/catalog/components/${c.id}/api-specs`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((s: { id: string }) => s.id)).toEqual([ev.id, v1.id, v2.id]);
    for (const s of list) expect(s).not.toHaveProperty('spec');
  });

  it('GET by id: 404 unknown, 400 malformed', async () => {
    expectError(await get(`/api/v1/api-specs/${MISSING}`), 404);
    expectError(await get('/api/v1/api-specs/123'), 400);
  });
});
