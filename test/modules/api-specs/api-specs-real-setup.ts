import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { insertComponent } from './fixtures.js';

/**
 * Real public specifications (test/modules/api-specs/real/README.md), registered and diffed from
 * the outside: each revision is one edit of the published document, checked for the rule, its
 * level and location, and for the absence of false positives.
 */
export const real = (name: string) => readFileSync(new URL(`./real/${name}`, import.meta.url), 'utf8');
export const PETSTORE = real('petstore-3.0.yaml');
export const SWAGGER = real('petstore-swagger-2.0.json');
export const STREETLIGHTS = real('streetlights-mqtt-3.1.yaml');

// The Streetlights example as written for AsyncAPI 2.6 (asyncapi/spec examples/streetlights-mqtt.yml, trimmed).
export const STREETLIGHTS_2 = `asyncapi: 2.6.0
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

export let t: TestApp;
export let admin: string;
export function edit(text: string, from: string | RegExp, to: string) {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit did not apply: ${String(from)}`);
  return next;
}

export async function register(componentId: string, spec: string, version: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/components/${componentId}/api-specs`,
    headers: bearer(admin),
    payload: { name: 'real', version, spec },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; format: string; status: string; problems: unknown[] };
}

export interface Entry {
  reaches?: { count: number; operations: string[] };
  type: string;
  breaking: boolean;
  path: string;
  detail: string;
  rule: string;
  level: string;
  location: string;
}

export async function diffOf(base: string, revision: string) {
  const c = await insertComponent(t);
  const old = await register(c.id, base, '1');
  const now = await register(c.id, revision, '2');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/api-specs/${now.id}/diff?compareWith=${old.id}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { totalChanges: number; breakingChanges: number; entries: Entry[] };
  expect(body.totalChanges).toBe(body.entries.length);
  expect(body.breakingChanges).toBe(body.entries.filter((e) => e.breaking).length);
  for (const e of body.entries) expect(e.breaking).toBe(e.level === 'error');
  return { ...body, format: now.format };
}

export const rules = (entries: Entry[]) => entries.map((e) => `${e.rule} ${e.level} ${e.path} | ${e.location}`).sort();

/** The setup shared by the files split from api-specs-real.test.ts (decision 1126): call at the top of each. */
export function useRealSpecsApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());
}
