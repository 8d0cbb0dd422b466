import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await t.adminToken());
});
afterAll(() => t.close());

const register = (yaml: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: { yaml } as object });
const list = (q: string) => t.app.inject({ method: 'GET', url: `/api/v1/catalog/components?${q}`, headers: admin });

const descriptor = (name: string, extra = '') => `apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: ${name}
  description: the ${name} service
  tags: [web, ts]
  annotations:
    hangar.io/image: "${name}:1.0"
spec:
  type: service
  lifecycle: production
${extra}`;

describe('register-yaml', () => {
  it('creates every document of a multi-document stream, then updates on re-registration', async () => {
    const [team] = await t.database.db
      .insert(teams)
      .values({ name: uniq('yteam'), type: 'dev' })
      .returning();
    const a = uniq('ya');
    const b = uniq('yb');
    const c = uniq('yc');
    const yaml = [
      descriptor(a, `  owner: ${team!.name}`),
      `kind: API\nmetadata:\n  name: ${b}\nspec:\n  type: openapi\n  owner: group:default/${team!.name}`,
      `kind: Resource\nmetadata:\n  name: ${c}\nspec:\n  type: Database\n  lifecycle: Deprecated`,
      '', // a trailing empty document is skipped
    ].join('\n---\n');
    const res = await register(yaml);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.updated).toEqual([]);
    expect(body.created).toHaveLength(3);
    const [ca, cb, cc] = body.created;
    expect(ca).toMatchObject({
      name: a,
      kind: 'service',
      owner: team!.name,
      teamId: team!.id,
      lifecycle: 'production',
      description: `the ${a} service`,
      tags: ['web', 'ts'],
      annotations: { 'hangar.io/image': `${a}:1.0` },
    });
    // spec.type "openapi" is no known kind: the descriptor kind API becomes "api"
    expect(cb).toMatchObject({ name: b, kind: 'api', owner: team!.name, teamId: team!.id, lifecycle: 'experimental' });
    expect(cc).toMatchObject({ name: c, kind: 'database', lifecycle: 'deprecated', owner: null, teamId: null });

    const again = await register([descriptor(a).replace('lifecycle: production', 'lifecycle: deprecated'), descriptor(uniq('yd'))].join('---\n'));
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json();
    expect(second.created).toHaveLength(1);
    expect(second.updated).toHaveLength(1);
    expect(second.updated[0]).toMatchObject({ id: ca.id, name: a, lifecycle: 'deprecated', owner: null, teamId: null, createdAt: ca.createdAt });
    // visible at once despite the cache
    const listed = (await list('kindGroup=dev&take=100')).json();
    expect(listed.data.find((x: any) => x.id === ca.id)?.lifecycle).toBe('deprecated');
  });

  it('accepts kinds case-insensitively and keeps unknown spec.type out of the kind', async () => {
    const n = uniq('yk');
    const res = await register(`kind: system\nmetadata: {name: ${n}}\nspec: {type: weird-thing}`);
    expect(res.json().created[0]).toMatchObject({ name: n, kind: 'system' });
    const d = await register(`kind: Domain\nmetadata: {name: ${n}}`);
    expect(d.json().created[0]).toMatchObject({ name: n, kind: 'domain' });
  });

  it('takes a descriptor without a kind as a Component (spec.type still names the kind)', async () => {
    const a = uniq('nokind');
    const b = uniq('nokind');
    const res = await register(`metadata: {name: ${a}}\n---\nmetadata: {name: ${b}}\nspec: {type: queue}`);
    expect(res.statusCode).toBe(201);
    expect(res.json().created.map((c: { name: string; kind: string }) => [c.name, c.kind])).toEqual([
      [a, 'component'],
      [b, 'queue'],
    ]);
  });

  it.each([
    ['kind: Component\nmetadata:\n  name: ok-1\n---\nkind: Component\nmetadata:\n  description: x', /document 2 \(index 1\): metadata\.name is required/],
    ['kind: Component\nmetadata: {}', /document 1 \(index 0\): metadata\.name is required/],
    ['kind: Component\nspec: {type: service}', /document 1.*metadata\.name is required/],
    ['kind: Component\nmetadata: {name: ""}', /metadata\.name is required/],
    ['kind: Component\nmetadata: {name: [a]}', /metadata\.name must be a string/],
    [`kind: Component\nmetadata: {name: ${'n'.repeat(101)}}`, /document 1.*metadata\.name must be at most 100/],
    ['kind: Group\nmetadata: {name: g}', /document 1.*kind must be one of/],
    ['kind: [x]\nmetadata: {name: g}', /kind must be one of/],
    [
      'kind: Component\nmetadata: {name: a}\n---\nkind: Component\nmetadata: {name: b}\nspec: {lifecycle: retired}',
      /document 2.*spec\.lifecycle must be one of/,
    ],
    ['kind: Component\nmetadata: {name: a, tags: [1, 2]}', /metadata\.tags must be a list of strings/],
    ['kind: Component\nmetadata: {name: a, tags: x}', /metadata\.tags must be a list of strings/],
    ['kind: Component\nmetadata: {name: a, annotations: {k: [1]}}', /metadata\.annotations\.k must be a string/],
    ['kind: Component\nmetadata: {name: a, description: [x]}', /metadata\.description must be a string/],
    ['kind: Component\nmetadata: {name: a}\nspec: [x]', /spec must be a mapping/],
    ['- just\n- a list', /document 1.*must be a mapping/],
    ['kind: Component\nmetadata: {name: a\n', /document 1.*invalid YAML/],
    ['kind: Component\nmetadata: {name: a}\n---\nkey: [unclosed', /document 2.*invalid YAML/],
    ['# only a comment\n', /holds no descriptor/],
    ['kind: Component\nmetadata: {name: same}\n---\nkind: Component\nmetadata: {name: same}', /document 2.*already declared by document 1/],
  ])('400 for %j', async (yaml, message) => {
    const body = expectError(await register(yaml), 400);
    expect(body.message).toMatch(message);
    expect(body.message).not.toContain('\n');
  });

  it('400 for a bad body', async () => {
    expectError(await register(42), 400);
    expectError(await register(''), 400);
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: {} }), 400);
    expectError(await register('x'.repeat(512 * 1024 + 1)), 400);
  });

  it('registers nothing when one document is bad (one transaction)', async () => {
    const good = uniq('atomic');
    expectError(await register(`kind: Component\nmetadata: {name: ${good}}\n---\nkind: Component\nmetadata: {}`), 400);
    const all = (await list('take=100&kindGroup=dev')).json();
    expect(all.data.some((c: any) => c.name === good)).toBe(false);
  });
});

describe('YAML bombs', () => {
  it('answers 400 quickly to billion-laughs alias expansion', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const cur = String.fromCharCode(97 + i);
      lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const started = Date.now();
    const body = expectError(await register(lines.join('\n')), 400);
    expect(body.message).toMatch(/alias|resource exhaustion/i);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.each([
    ['10k nested flow sequences', '['.repeat(10_000) + ']'.repeat(10_000)],
    ['100k unclosed flow sequences', '['.repeat(100_000)],
    ['10k nested flow maps', 'a: ' + '{a: '.repeat(10_000) + '1' + '}'.repeat(10_000)],
    ['10k nested block sequences', '- '.repeat(10_000) + 'x'],
    ['deep block mappings', Array.from({ length: 300 }, (_, i) => ' '.repeat(i) + 'k:').join('\n') + ' v'],
  ])('answers 400 quickly to %s', async (_label, yaml) => {
    const started = Date.now();
    const body = expectError(await register(yaml), 400);
    expect(body.message).toMatch(/nested deeper/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses more than 500 documents', async () => {
    const yaml = Array.from({ length: 501 }, (_, i) => `kind: Component\nmetadata: {name: many-${i}}`).join('\n---\n');
    expect(expectError(await register(yaml), 400).message).toMatch(/more than 500 documents/);
  });

  it('still registers ordinary nesting and block scalars holding brackets', async () => {
    const n = uniq('scalar');
    const yaml = `kind: Component\nmetadata:\n  name: ${n}\n  description: |\n    [[[[[[[[[[ - - - - - - -\n    {{{{{{{{\n  annotations:\n    a: "[[[["\nspec:\n  type: service\n  deep: {a: {b: {c: [[1, [2, [3]]]]}}}`;
    const res = await register(yaml);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created[0].description).toContain('[[[[');
  });
});
