import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { insertComponent } from './fixtures.js';

/**
 * Real public specifications (test/modules/api-specs/real/README.md), registered and diffed from
 * the outside: each revision is one edit of the published document, checked for the rule, its
 * level and location, and for the absence of false positives.
 */
const real = (name: string) => readFileSync(new URL(`./real/${name}`, import.meta.url), 'utf8');
const PETSTORE = real('petstore-3.0.yaml');
const SWAGGER = real('petstore-swagger-2.0.json');
const STREETLIGHTS = real('streetlights-mqtt-3.1.yaml');

// The Streetlights example as written for AsyncAPI 2.6 (asyncapi/spec examples/streetlights-mqtt.yml, trimmed).
const STREETLIGHTS_2 = `asyncapi: 2.6.0
info: {title: Streetlights MQTT API, version: 1.0.0}
servers:
  production: {url: 'test.mosquitto.org:{port}', protocol: mqtt, variables: {port: {default: '1883', enum: ['1883', '8883']}}}
defaultContentType: application/json
channels:
  smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured:
    parameters:
      streetlightId: {$ref: '#/components/parameters/streetlightId'}
    subscribe:
      operationId: receiveLightMeasurement
      message: {$ref: '#/components/messages/lightMeasured'}
  smartylighting/streetlights/1/0/action/{streetlightId}/turn/on:
    parameters:
      streetlightId: {$ref: '#/components/parameters/streetlightId'}
    publish:
      operationId: turnOn
      message: {$ref: '#/components/messages/turnOnOff'}
components:
  messages:
    lightMeasured:
      name: lightMeasured
      payload: {$ref: '#/components/schemas/lightMeasuredPayload'}
    turnOnOff:
      name: turnOnOff
      payload: {$ref: '#/components/schemas/turnOnOffPayload'}
  schemas:
    lightMeasuredPayload:
      type: object
      properties:
        lumens: {type: integer, minimum: 0}
        sentAt: {$ref: '#/components/schemas/sentAt'}
    turnOnOffPayload:
      type: object
      properties:
        command: {type: string, enum: ['on', 'off']}
        sentAt: {$ref: '#/components/schemas/sentAt'}
    sentAt: {type: string, format: date-time}
  parameters:
    streetlightId:
      description: The ID of the streetlight.
      schema: {type: string}
`;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

function edit(text: string, from: string | RegExp, to: string) {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit did not apply: ${String(from)}`);
  return next;
}

async function register(componentId: string, spec: string, version: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/components/${componentId}/api-specs`,
    headers: bearer(admin),
    payload: { name: 'real', version, spec },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; format: string; status: string; problems: unknown[] };
}

interface Entry {
  reaches?: { count: number; operations: string[] };
  type: string;
  breaking: boolean;
  path: string;
  detail: string;
  rule: string;
  level: string;
  location: string;
}

async function diffOf(base: string, revision: string) {
  const c = await insertComponent(t);
  const old = await register(c.id, base, '1');
  const now = await register(c.id, revision, '2');
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/api-specs/${now.id}/diff?compareWith=${old.id}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { totalChanges: number; breakingChanges: number; entries: Entry[] };
  expect(body.totalChanges).toBe(body.entries.length);
  expect(body.breakingChanges).toBe(body.entries.filter((e) => e.breaking).length);
  for (const e of body.entries) expect(e.breaking).toBe(e.level === 'error');
  return { ...body, format: now.format };
}

const rules = (entries: Entry[]) => entries.map((e) => `${e.rule} ${e.level} ${e.path} | ${e.location}`).sort();

describe('OpenAPI 3.0 Petstore (OAI examples/v3.0/petstore.yaml)', () => {
  it('registers as openapi and diffs against itself to nothing', async () => {
    const d = await diffOf(PETSTORE, PETSTORE);
    expect(d.format).toBe('openapi');
    expect(d.entries).toEqual([]);
  });

  it('a tightened maximum of the limit query parameter is breaking (oasdiff request-parameter-max-decreased)', async () => {
    const d = await diffOf(PETSTORE, edit(PETSTORE, 'maximum: 100', 'maximum: 50'));
    expect(rules(d.entries)).toEqual(['request-parameter-max-decreased error GET /pets | request.parameter query limit']);
  });

  it('a property of the shared Pet schema becoming required: breaking for the request, info for the responses', async () => {
    const d = await diffOf(PETSTORE, edit(PETSTORE, '        - id\n        - name\n', '        - id\n        - name\n        - tag\n'));
    expect(rules(d.entries)).toEqual([
      'request-property-became-required error #/components/schemas/Pet | request schema /properties/tag',
      'response-property-became-required info #/components/schemas/Pet | response schema /properties/tag',
    ]);
    // once on the schema, with the operations it reaches
    expect(d.entries.map((e: { reaches?: unknown }) => e.reaches)).toEqual([
      { count: 1, operations: ['POST /pets'] },
      { count: 2, operations: ['GET /pets', 'GET /pets/{petId}'] },
    ]);
  });

  it('a renamed path parameter (/pets/{petId} -> /pets/{id}) is the same endpoint', async () => {
    const d = await diffOf(PETSTORE, edit(edit(PETSTORE, '/pets/{petId}', '/pets/{id}'), 'name: petId', 'name: id'));
    expect(d.entries).toEqual([]);
  });

  it('OpenAPI 3.1: a response property becoming nullable (type array) is breaking, in the request it is not', async () => {
    const v31 = edit(PETSTORE, 'openapi: "3.0.0"', 'openapi: 3.1.0');
    const d = await diffOf(v31, edit(v31, /( {8}tag:\n {10}type: )string/, '$1[string, "null"]'));
    expect(rules(d.entries)).toEqual([
      'request-property-became-nullable info #/components/schemas/Pet | request schema /properties/tag',
      'response-property-became-nullable error #/components/schemas/Pet | response schema /properties/tag',
    ]);
  });

  it('a response status and a response header removed', async () => {
    const d = await diffOf(
      PETSTORE,
      edit(
        edit(PETSTORE, "        '201':\n          description: Null response\n", "        '202':\n          description: Accepted\n"),
        /\n {10}headers:\n {12}x-next:\n(.*\n){3}/,
        '\n',
      ),
    );
    expect(rules(d.entries)).toEqual([
      'optional-response-header-removed warning GET /pets | response 200 header x-next',
      'response-success-status-added info POST /pets | response 202',
      'response-success-status-removed error POST /pets | response 201',
    ]);
  });
});

describe('Swagger 2.0 Petstore (OAI examples/v2.0/json/petstore.json)', () => {
  it('registers as openapi; an operation removed without deprecation is breaking, a deprecated one after its sunset is not', async () => {
    const doc = JSON.parse(SWAGGER) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const d1 = await diffOf(SWAGGER, JSON.stringify({ ...doc, paths: { ...doc.paths, '/pets': { get: doc.paths['/pets']!.get! } } }));
    expect(d1.format).toBe('openapi');
    expect(rules(d1.entries)).toEqual(['api-removed-without-deprecation error POST /pets | operation']);

    const deprecated = structuredClone(doc);
    Object.assign(deprecated.paths['/pets']!.post!, { deprecated: true, 'x-sunset': '2020-01-01' });
    const d2 = await diffOf(JSON.stringify(deprecated), JSON.stringify({ ...doc, paths: { ...doc.paths, '/pets': { get: doc.paths['/pets']!.get! } } }));
    expect(rules(d2.entries)).toEqual(['api-removed-with-deprecation info POST /pets | operation']);
  });

  it('a response schema property removed behind a definitions $ref (oasdiff response-required-property-removed)', async () => {
    const d = await diffOf(
      SWAGGER,
      edit(SWAGGER, '"required": [\n        "id",\n        "name"\n      ]', '"required": [\n        "id"\n      ]').replace(
        /,\n {8}"name": \{\n {10}"type": "string"\n {8}\}/,
        '',
      ),
    );
    expect(rules(d.entries)).toEqual(['response-required-property-removed error #/definitions/Pet | response schema /properties/name']);
    expect(d.entries[0].reaches).toEqual({ count: 2, operations: ['GET /pets', 'GET /pets/{petId}'] });
  });
});

describe("oasdiff's enum_removed_entirely pair (data/checker)", () => {
  it('a dropped enum widens: breaking in responses only, never for readOnly request or writeOnly response properties', async () => {
    const d = await diffOf(real('oasdiff-enum-removed-entirely-base.yaml'), real('oasdiff-enum-removed-entirely-revision.yaml'));
    expect(rules(d.entries)).toEqual([
      'request-body-enum-removed info PUT /mode | request.body text/plain',
      'request-parameter-enum-removed info GET /pets | request.parameter query filter /properties/origin',
      'request-parameter-enum-removed info GET /pets | request.parameter query status',
      'request-property-enum-removed info POST /pets | request.body application/json /properties/status',
      'response-body-enum-removed error PUT /mode | response 200 text/plain',
      'response-property-enum-removed error POST /pets | response 200 application/json /properties/status',
    ]);
  });
});

describe('AsyncAPI Streetlights (asyncapi/spec examples)', () => {
  it('3.1 registers as asyncapi (format detected) and diffs against itself to nothing', async () => {
    const d = await diffOf(STREETLIGHTS, STREETLIGHTS);
    expect(d.format).toBe('asyncapi');
    expect(d.entries).toEqual([]);
  });

  it('3.x: a loosened payload the application receives is not breaking (once judged again as received on its channel)', async () => {
    const d = await diffOf(STREETLIGHTS, edit(STREETLIGHTS, /( {8}lumens:\n {10}type: integer\n) {10}minimum: 0\n/, '$1'));
    expect(d.breakingChanges).toBe(0);
    expect(rules(d.entries)).toEqual(['request-property-min-unset info #/components/schemas/lightMeasuredPayload | request schema /properties/lumens']);
  });

  it('3.x: an enum value added to a payload the application sends is a warning (decision 305); a removed channel and its operation are breaking', async () => {
    const d1 = await diffOf(STREETLIGHTS, edit(STREETLIGHTS, "            - 'off'\n", "            - 'off'\n            - 'blink'\n"));
    expect(rules(d1.entries)).toEqual([
      'response-property-enum-value-added warning #/components/schemas/turnOnOffPayload | response schema /properties/command',
    ]);
    const withoutDim = edit(edit(STREETLIGHTS, /\n {2}lightsDim:\n(.*\n){7}/, '\n'), /\n {2}dimLight:\n {4}action: send\n(.*\n){6}/, '\n');
    const d2 = await diffOf(STREETLIGHTS, withoutDim);
    expect(rules(d2.entries)).toEqual(['asyncapi-operation-removed error SEND dimLight | operation', 'channel-removed error lightsDim | channel']);
  });

  it('2.6: subscribe payloads follow the response rules, publish payloads the request rules', async () => {
    const d = await diffOf(
      STREETLIGHTS_2,
      edit(
        edit(STREETLIGHTS_2, "enum: ['on', 'off']", "enum: ['on']"),
        'lumens: {type: integer, minimum: 0}',
        'lumens: {type: integer, minimum: 0, maximum: 1000}',
      ),
    );
    expect(d.format).toBe('asyncapi');
    expect(rules(d.entries)).toEqual([
      'request-property-enum-value-removed error #/components/schemas/turnOnOffPayload | request schema /properties/command',
      'response-property-max-set info #/components/schemas/lightMeasuredPayload | response schema /properties/lumens',
    ]);
  });
});

describe("Backstage's Streetlights API entity (packages/catalog-model/examples/apis/streetlights-api.yaml, AsyncAPI 2.0.0)", () => {
  const ENTITY = real('backstage-streetlights-api.yaml');
  const DEFINITION = (parse(ENTITY) as { spec: { definition: string } }).spec.definition;

  it('registers through POST api-specs without problems (its parameter $refs are valid) and diffs', async () => {
    const c = await insertComponent(t);
    const spec = await register(c.id, DEFINITION, '1');
    expect(spec.format).toBe('asyncapi');
    expect(spec.problems).toEqual([]);
    const d = await diffOf(DEFINITION, DEFINITION.replace(/(percentage:[\s\S]*?maximum: )100/, '$150'));
    expect(rules(d.entries)).toEqual(['request-property-max-decreased error #/components/schemas/dimLightPayload | request schema /properties/percentage']);
    expect(d.entries[0]!.reaches).toEqual({ count: 1, operations: ['PUBLISH smartylighting/streetlights/1/0/action/{streetlightId}/dim'] });
  });

  it('registers through catalog register-yaml of the API entity: the API component and its spec', async () => {
    const name = `streetlights-${Date.now()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/register-yaml',
      headers: bearer(admin),
      payload: { yaml: ENTITY.replace('  name: streetlights\n', `  name: ${name}\n`) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(JSON.stringify(body.errors ?? [])).not.toMatch(/definition/);
    const component = body.created.find((x: { name: string }) => x.name === name);
    expect(component).toBeDefined();
    const specs = (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${component.id}/api-specs`, headers: bearer(admin) })).json();
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({ format: 'asyncapi', problems: [] });
  });
});
