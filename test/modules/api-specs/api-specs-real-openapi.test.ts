import { describe, expect, it } from 'vitest';
import { real, PETSTORE, SWAGGER, edit, diffOf, rules, useRealSpecsApp } from './api-specs-real-setup.js';

useRealSpecsApp();

describe('OpenAPI 3.0 Petstore (OAI examples/v3.0/petstore.yaml)', () => {
  it('registers as openapi and diffs against itself to nothing', async () => {
    const d = await diffOf(PETSTORE, PETSTORE);
    expect(d.format).toBe('openapi');
    expect(d.entries).toEqual([]);
  });

  it('a tightened maximum of the limit query parameter is breaking (oasdiff request-parameter-max-decreased)', async () => {
    const d = await diffOf(PETSTORE, edit(PETSTORE, 'maximum: 100', 'maximum: 50'));
    expect(rules(d.entries)).toEqual([
      'request-parameter-max-decreased error GET /pets | request.parameter query limit',
    ]);
  });

  it('a property of the shared Pet schema becoming required: breaking for the request, info for the responses', async () => {
    const d = await diffOf(
      PETSTORE,
      edit(PETSTORE, '        - id\n        - name\n', '        - id\n        - name\n        - tag\n'),
    );
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
        edit(
          PETSTORE,
          "        '201':\n          description: Null response\n",
          "        '202':\n          description: Accepted\n",
        ),
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
    const d1 = await diffOf(
      SWAGGER,
      JSON.stringify({ ...doc, paths: { ...doc.paths, '/pets': { get: doc.paths['/pets']!.get! } } }),
    );
    expect(d1.format).toBe('openapi');
    expect(rules(d1.entries)).toEqual(['api-removed-without-deprecation error POST /pets | operation']);

    const deprecated = structuredClone(doc);
    Object.assign(deprecated.paths['/pets']!.post!, { deprecated: true, 'x-sunset': '2020-01-01' });
    const d2 = await diffOf(
      JSON.stringify(deprecated),
      JSON.stringify({ ...doc, paths: { ...doc.paths, '/pets': { get: doc.paths['/pets']!.get! } } }),
    );
    expect(rules(d2.entries)).toEqual(['api-removed-with-deprecation info POST /pets | operation']);
  });

  it('a response schema property removed behind a definitions $ref (oasdiff response-required-property-removed)', async () => {
    const d = await diffOf(
      SWAGGER,
      edit(
        SWAGGER,
        '"required": [\n        "id",\n        "name"\n      ]',
        '"required": [\n        "id"\n      ]',
      ).replace(/,\n {8}"name": \{\n {10}"type": "string"\n {8}\}/, ''),
    );
    expect(rules(d.entries)).toEqual([
      'response-required-property-removed error #/definitions/Pet | response schema /properties/name',
    ]);
    expect(d.entries[0].reaches).toEqual({ count: 2, operations: ['GET /pets', 'GET /pets/{petId}'] });
  });
});

describe("oasdiff's enum_removed_entirely pair (data/checker)", () => {
  it('a dropped enum widens: breaking in responses only, never for readOnly request or writeOnly response properties', async () => {
    const d = await diffOf(
      real('oasdiff-enum-removed-entirely-base.yaml'),
      real('oasdiff-enum-removed-entirely-revision.yaml'),
    );
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
