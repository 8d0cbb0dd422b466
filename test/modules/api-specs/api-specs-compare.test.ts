import { describe, expect, it } from 'vitest';
import { bearer, expectError } from '../../helpers/app.js';
import { ASYNCAPI2_YAML, ASYNCAPI3_YAML, MISSING, OPENAPI3_YAML, OPENAPI3_YAML_V2, SWAGGER2_JSON } from './fixtures.js';
import { t, admin, user, get, newSpec, useConsumersApp } from './api-specs-consumers-setup.js';

useConsumersApp();

describe('diff', () => {
  const diff = (id: string, compareWith?: string, token = user) =>
    get(`/api/v1/api-specs/${id}/diff${compareWith === undefined ? '' : `?compareWith=${compareWith}`}`, token);

  it(':id is the new version, compareWith the old one', async () => {
    const v1 = await newSpec(OPENAPI3_YAML);
    const v2 = await newSpec(OPENAPI3_YAML_V2, v1.componentId, '2.0.0');
    const res = await diff(v2.id, v1.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalChanges: 4,
      breakingChanges: 2,
      summary: {
        error: 2,
        warning: 0,
        info: 2,
        rules: [
          { rule: 'api-removed-without-deprecation', level: 'error', count: 1 },
          { rule: 'required-request-parameter-removed', level: 'error', count: 1 },
          { rule: 'api-path-added', level: 'info', count: 1 },
          { rule: 'new-optional-request-parameter', level: 'info', count: 1 },
        ],
      },
      // breaking first
      entries: [
        {
          type: 'removed',
          breaking: true,
          path: 'DELETE /orders/{id}',
          detail: 'operation DELETE /orders/{id} removed',
          rule: 'api-removed-without-deprecation',
          level: 'error',
          location: 'operation',
        },
        {
          type: 'removed',
          breaking: true,
          path: 'GET /orders',
          detail: "required query parameter 'status' removed",
          rule: 'required-request-parameter-removed',
          level: 'error',
          location: 'request.parameter query status',
        },
        {
          type: 'added',
          breaking: false,
          path: '/customers',
          detail: "path '/customers' added",
          rule: 'api-path-added',
          level: 'info',
          location: 'path',
        },
        {
          type: 'added',
          breaking: false,
          path: 'GET /orders',
          detail: "optional query parameter 'limit' added",
          rule: 'new-optional-request-parameter',
          level: 'info',
          location: 'request.parameter query limit',
        },
      ],
      affectedConsumers: [],
    });
    // the other way round: removals become additions
    const back = (await diff(v1.id, v2.id)).json();
    expect(back.entries.map((e: { type: string; path: string }) => `${e.type} ${e.path}`).sort()).toEqual([
      'added DELETE /orders/{id}',
      'added GET /orders',
      'removed /customers',
      'removed GET /orders',
    ]);
    expect(back.breakingChanges).toBe(2); // /customers removed, required `status` added
    expect((await diff(v1.id, v1.id)).json()).toEqual({
      totalChanges: 0,
      breakingChanges: 0,
      summary: { error: 0, warning: 0, info: 0, rules: [] },
      entries: [],
    });
    // a (cached) diff does not outlive a deleted spec
    expect((await diff(v1.id, v2.id)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/api-specs/${v1.id}`, headers: bearer(admin) });
    expectError(await diff(v1.id, v2.id), 404);
  });

  it('compares AsyncAPI channels, across AsyncAPI 2 and 3', async () => {
    const v2 = await newSpec(ASYNCAPI2_YAML);
    const v3 = await newSpec(ASYNCAPI3_YAML);
    const r = (await diff(v3.id, v2.id)).json();
    expect(r).toMatchObject({ totalChanges: 4, breakingChanges: 2 });
    expect(r.entries.map((e: { type: string; path: string }) => `${e.type} ${e.path}`)).toEqual([
      'removed order/cancelled',
      'removed order/created',
      'added orderCreated',
      'added orderShipped',
    ]);
  });

  it('Swagger 2 and OpenAPI 3 are both openapi and can be compared', async () => {
    const sw = await newSpec(SWAGGER2_JSON);
    const oa = await newSpec(OPENAPI3_YAML);
    const r = (await diff(oa.id, sw.id)).json();
    expect(r.breakingChanges).toBe(2);
    expect(r.entries.filter((e: { breaking: boolean }) => e.breaking).map((e: { path: string }) => e.path)).toEqual([
      '/items',
      '/items/{id}',
    ]);
  });

  it('400 for a missing or malformed compareWith or different formats; 404 for unknown specs; 401', async () => {
    const a = await newSpec(OPENAPI3_YAML);
    const b = await newSpec(ASYNCAPI2_YAML);
    expect(expectError(await diff(a.id), 400).message).toContain('compareWith');
    expectError(await diff(a.id, 'not-a-uuid'), 400);
    expectError(await diff('nope', a.id), 400);
    expect(expectError(await diff(a.id, b.id), 400).message).toMatch(/openapi.*asyncapi/);
    expectError(await diff(MISSING, a.id), 404);
    expect(expectError(await diff(a.id, MISSING), 404).message).toMatch(/compare/);
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/api-specs/${a.id}/diff?compareWith=${a.id}` }), 401);
  });
});
