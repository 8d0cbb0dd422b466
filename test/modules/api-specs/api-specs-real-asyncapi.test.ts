import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bearer } from '../../helpers/app.js';
import { insertComponent } from './fixtures.js';
import {
  real,
  STREETLIGHTS,
  STREETLIGHTS_2,
  t,
  admin,
  edit,
  register,
  diffOf,
  rules,
  useRealSpecsApp,
} from './api-specs-real-setup.js';

useRealSpecsApp();

describe('AsyncAPI Streetlights (asyncapi/spec examples)', () => {
  it('3.1 registers as asyncapi (format detected) and diffs against itself to nothing', async () => {
    const d = await diffOf(STREETLIGHTS, STREETLIGHTS);
    expect(d.format).toBe('asyncapi');
    expect(d.entries).toEqual([]);
  });

  it('3.x: a loosened payload the application receives is not breaking (once judged again as received on its channel)', async () => {
    const d = await diffOf(
      STREETLIGHTS,
      edit(STREETLIGHTS, /( {8}lumens:\n {10}type: integer\n) {10}minimum: 0\n/, '$1'),
    );
    expect(d.breakingChanges).toBe(0);
    expect(rules(d.entries)).toEqual([
      'request-property-min-unset info #/components/schemas/lightMeasuredPayload | request schema /properties/lumens',
    ]);
  });

  it('3.x: an enum value added to a payload the application sends is a warning (decision 305); a removed channel and its operation are breaking', async () => {
    const d1 = await diffOf(
      STREETLIGHTS,
      edit(STREETLIGHTS, "            - 'off'\n", "            - 'off'\n            - 'blink'\n"),
    );
    expect(rules(d1.entries)).toEqual([
      'response-property-enum-value-added warning #/components/schemas/turnOnOffPayload | response schema /properties/command',
    ]);
    const withoutDim = edit(
      edit(STREETLIGHTS, /\n {2}lightsDim:\n(.*\n){7}/, '\n'),
      /\n {2}dimLight:\n {4}action: send\n(.*\n){6}/,
      '\n',
    );
    const d2 = await diffOf(STREETLIGHTS, withoutDim);
    expect(rules(d2.entries)).toEqual([
      'asyncapi-operation-removed error SEND dimLight | operation',
      'channel-removed error lightsDim | channel',
    ]);
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
    expect(rules(d.entries)).toEqual([
      'request-property-max-decreased error #/components/schemas/dimLightPayload | request schema /properties/percentage',
    ]);
    expect(d.entries[0]!.reaches).toEqual({
      count: 1,
      operations: ['PUBLISH smartylighting/streetlights/1/0/action/{streetlightId}/dim'],
    });
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
    const specs = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/components/${component.id}/api-specs`,
        headers: bearer(admin),
      })
    ).json();
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({ format: 'asyncapi', problems: [] });
  });
});
