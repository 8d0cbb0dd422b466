import { components, teams } from '../../../src/db/schema/index.js';
import { expect } from 'vitest';
import { bearer, uniq, type TestApp } from '../../helpers/app.js';

/** Catalog rows straight into the database, so these tests do not depend on the catalog's routes. */
export async function insertComponent(t: TestApp, values: { teamId?: string | null; name?: string } = {}) {
  const [row] = await t.database.db
    .insert(components)
    .values({ name: values.name ?? uniq('comp'), kind: 'service', teamId: values.teamId ?? null })
    .returning();
  return row!;
}

export async function insertTeam(t: TestApp) {
  const [row] = await t.database.db
    .insert(teams)
    .values({ name: uniq('team'), type: 'dev' })
    .returning();
  return row!;
}

export const MISSING = '00000000-0000-4000-8000-000000000000';

/** Registers `specs` as versions 1, 2, … of one new component's API through HTTP; answers their ids, oldest first. */
export async function registerVersions(t: TestApp, token: string, specs: unknown[], name = 'api'): Promise<string[]> {
  const c = await insertComponent(t);
  const ids: string[] = [];
  for (const [i, spec] of specs.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/components/${c.id}/api-specs`,
      headers: bearer(token),
      payload: { name, version: String(i + 1), spec },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  return ids;
}

export const OPENAPI3_YAML = `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
paths:
  /orders:
    get:
      parameters:
        - name: status
          in: query
          required: true
          schema: { type: string }
      responses:
        '200': { description: ok }
    post:
      responses:
        '201': { description: created }
  /orders/{id}:
    parameters:
      - $ref: '#/components/parameters/OrderId'
    get:
      responses:
        '200': { description: ok }
    delete:
      responses:
        '204': { description: gone }
components:
  parameters:
    OrderId:
      name: id
      in: path
      required: true
      schema: { type: string }
`;

/** v2 of the orders API: DELETE /orders/{id} and the required `status` gone, /customers new. */
export const OPENAPI3_YAML_V2 = `openapi: 3.0.3
info:
  title: Orders
  version: 2.0.0
paths:
  /orders:
    get:
      parameters:
        - name: limit
          in: query
          schema: { type: integer }
      responses:
        '200': { description: ok }
    post:
      responses:
        '201': { description: created }
  /orders/{id}:
    parameters:
      - $ref: '#/components/parameters/OrderId'
    get:
      responses:
        '200': { description: ok }
  /customers:
    get:
      responses:
        '200': { description: ok }
components:
  parameters:
    OrderId:
      name: id
      in: path
      required: true
      schema: { type: string }
`;

export const SWAGGER2_JSON = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Legacy', version: '1' },
  parameters: { Page: { name: 'page', in: 'query', required: false, type: 'integer' } },
  paths: {
    '/items': { get: { parameters: [{ $ref: '#/parameters/Page' }], responses: { 200: { description: 'ok' } } } },
    '/items/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
});

export const ASYNCAPI2_YAML = `asyncapi: 2.6.0
info:
  title: Events
  version: 1.0.0
channels:
  order/created:
    subscribe:
      message:
        payload: { type: object }
  order/cancelled:
    subscribe:
      message:
        payload: { type: object }
`;

export const ASYNCAPI3_YAML = `asyncapi: 3.0.0
info:
  title: Events
  version: 2.0.0
channels:
  orderCreated:
    address: order/created
  orderShipped:
    address: order/shipped
`;
