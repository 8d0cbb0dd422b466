import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { registerVersions } from './fixtures.js';

/**
 * The comparison cases of oasdiff's own test data where Hangar's verdict differed (decisions
 * 802–807), as minimal reproductions written here (oasdiff-cases/README.md), registered and diffed
 * from the outside.
 */
const fixture = (name: string) => readFileSync(new URL(`./oasdiff-cases/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

interface Entry {
  rule: string;
  level: string;
  path: string;
  location: string;
  detail: string;
}

async function diffCase(name: string) {
  const ids = await registerVersions(t, admin, [fixture(`${name}-base.yaml`), fixture(`${name}-revision.yaml`)], name);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/api-specs/${ids[1]}/diff?compareWith=${ids[0]}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { breakingChanges: number; entries: Entry[] };
  return { ...body, lines: body.entries.map((e) => `${e.level} ${e.rule} ${e.path} | ${e.location}`).sort() };
}

describe("oasdiff's comparison cases that Hangar once decided differently", () => {
  it('a request body wrapped into overlapping oneOf alternatives is breaking: a body matching both is refused (miss, decision 802)', async () => {
    const d = await diffCase('one-of-wrapped');
    expect(d.lines).toContain('error request-body-wrapped-in-one-of POST /orders | request.body application/json');
    expect(d.lines.filter((l) => l.includes('one-of-added'))).toEqual([]);
    expect(d.breakingChanges).toBe(1);
  });

  it('a schema given to request content that had none is breaking; one taken from a response is a warning (miss, decision 805)', async () => {
    const d = await diffCase('media-type-schema');
    expect(d.lines).toEqual([
      'error request-body-media-type-schema-added POST /notes | request.body application/json',
      'warning response-body-media-type-schema-removed POST /notes | response 200 application/json',
    ]);
  });

  it('a response media type made more specific, or given a parameter, is a rename with its content compared (false positive, decision 804)', async () => {
    const d = await diffCase('media-type-specialized');
    expect(d.breakingChanges).toBe(0);
    expect(d.lines).toEqual([
      'info response-media-type-name-changed POST /groups | response 200 text/csv; charset=utf-8',
      'info response-media-type-name-specialized POST /groups | response 400 application/problem+json',
      'info response-optional-property-added POST /groups | response 400 application/problem+json /properties/status',
    ]);
  });

  it('a query parameter widened to text or to an exploded array keeps accepting what clients send (decision 806)', async () => {
    const d = await diffCase('param-to-array');
    expect(d.breakingChanges).toBe(0);
    expect(d.lines).toEqual([
      'info request-parameter-type-generalized GET /search | request.parameter query limit',
      'info request-parameter-type-generalized GET /search | request.parameter query tag',
      'info request-parameter-type-generalized GET /search | request.parameter query tag /items',
    ]);
  });

  it('Hangar stays with its verdict where oasdiff reports a change that reaches no client (decision 807)', async () => {
    // A pattern on a readOnly property: clients do not send it; the response gains a constraint.
    const readOnly = await diffCase('readonly-pattern');
    expect(readOnly.breakingChanges).toBe(0);
    expect(readOnly.lines).toEqual([
      'info response-property-pattern-added #/components/schemas/Project | response schema /properties/slug',
    ]);
    // An allOf part that constrains nothing new (its property is already there, the same).
    const allOf = await diffCase('all-of-added');
    expect(allOf.entries).toEqual([]);
  });
});
