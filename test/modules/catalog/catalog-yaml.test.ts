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

const register = (yaml: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: { yaml } as object });
const list = (q: string) => t.app.inject({ method: 'GET', url: `/api/v1/catalog/components?${q}`, headers: admin });

const descriptor = (name: string, extra = '  owner: team-x') => `apiVersion: backstage.io/v1alpha1
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
${extra}
`;
const entity = (kind: string, name: string, spec = 'owner: team-x') =>
  `apiVersion: backstage.io/v1alpha1\nkind: ${kind}\nmetadata:\n  name: ${name}\nspec:\n  ${spec}\n`;

describe('register-yaml', () => {
  it('creates every document of a multi-document stream, then updates, then keeps identical ones unchanged', async () => {
    const [team] = await t.database.db
      .insert(teams)
      .values({ name: uniq('yteam'), type: 'dev' })
      .returning();
    const a = uniq('ya');
    const b = uniq('yb');
    const c = uniq('yc');
    const yaml = [
      descriptor(a, `  owner: ${team!.name}`),
      `apiVersion: backstage.io/v1alpha1\nkind: API\nmetadata:\n  name: ${b}\nspec:\n  type: openapi\n  lifecycle: experimental\n  owner: group:default/${team!.name}\n  definition: "openapi: 3.0.0"`,
      `apiVersion: backstage.io/v1alpha1\nkind: Resource\nmetadata:\n  name: ${c}\nspec:\n  type: database\n  owner: user:jane`,
      '', // a trailing empty document is skipped
    ].join('\n---\n');
    const res = await register(yaml);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ updated: [], unchanged: [], skipped: [] });
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
      entityKind: 'Component',
      entityRef: `component:default/${a}`,
      source: null,
    });
    // spec.type "openapi" is no known kind: the descriptor kind API becomes "api"; the owner is kept as written
    expect(cb).toMatchObject({
      name: b,
      kind: 'api',
      type: 'openapi',
      owner: `group:default/${team!.name}`,
      teamId: team!.id,
      lifecycle: 'experimental',
    });
    expect(cc).toMatchObject({
      name: c,
      kind: 'database',
      lifecycle: null,
      owner: 'user:jane',
      ownerUserRef: 'user:default/jane',
      teamId: null,
    });

    const again = await register(
      [descriptor(a).replace('lifecycle: production', 'lifecycle: deprecated'), descriptor(uniq('yd'))].join('---\n'),
    );
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json();
    expect(second.created).toHaveLength(1);
    expect(second.updated).toHaveLength(1);
    expect(second.updated[0]).toMatchObject({
      id: ca.id,
      name: a,
      lifecycle: 'deprecated',
      owner: 'team-x',
      teamId: null,
      createdAt: ca.createdAt,
    });
    // visible at once despite the cache
    const listed = (await list('kindGroup=dev&take=100')).json();
    expect(listed.data.find((x: any) => x.id === ca.id)?.lifecycle).toBe('deprecated');

    const same = (await register(yaml)).json();
    expect(same.updated.map((x: any) => x.id)).toEqual([ca.id]);
    expect(same.unchanged.map((x: any) => x.id)).toEqual([cb.id, cc.id]);
    const identical = (await register(yaml)).json();
    expect(identical).toMatchObject({ created: [], updated: [] });
    const stamp = (x: any) => [x.id, x.updatedAt];
    expect(identical.unchanged.map(stamp)).toEqual([...same.updated, ...same.unchanged].map(stamp));
  });

  it('accepts kinds case-insensitively and keeps unknown spec.type out of the kind', async () => {
    const n = uniq('yk');
    const res = await register(entity('system', n, 'type: weird-thing\n  owner: x'));
    expect(res.json().created[0]).toMatchObject({ name: n, kind: 'system', entityKind: 'System', type: 'weird-thing' });
    const d = await register(entity('Domain', n));
    expect(d.json().created[0]).toMatchObject({ name: n, kind: 'domain' });
  });

  it('skips kinds Hangar does not keep, and Location documents', async () => {
    const n = uniq('skip');
    const res = await register(
      [
        entity('Template', n, 'type: service'),
        `apiVersion: example.com/v1\nkind: AiResource\nmetadata: {name: ${n}}\n`,
        entity('Location', n, 'targets: [./a.yaml]'),
        entity('Component', n, 'type: queue\n  lifecycle: planned\n  owner: x'),
      ].join('---\n'),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().skipped).toEqual([
      { document: 1, kind: 'Template', name: n, reason: expect.any(String) },
      { document: 2, kind: 'AiResource', name: n, reason: expect.any(String) },
      { document: 3, kind: 'Location', name: n, reason: expect.any(String) },
    ]);
    expect(res.json().created.map((c: any) => c.kind)).toEqual(['queue']);
  });

  it.each([
    [
      `${entity('Component', 'ok-1', 'type: service\n  lifecycle: production\n  owner: x')}---\nkind: Component\nmetadata:\n  description: x`,
      /^document 2: /,
    ],
    ['apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {}', /^document 1: .*name/],
    ['metadata: {name: a}', /^document 1: .*(apiVersion|kind)/],
    [
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: a}\nspec: {type: service, owner: x}',
      /^document 1: .*lifecycle/,
    ],
    [
      'apiVersion: backstage.io/v1alpha1\nkind: API\nmetadata: {name: a}\nspec: {type: openapi, lifecycle: production, owner: x}',
      /^document 1: .*definition/,
    ],
    [
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: "bad name"}\nspec: {type: service, lifecycle: production, owner: x}',
      /metadata\.name.*not valid/,
    ],
    [
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: a, tags: [Go]}\nspec: {type: service, lifecycle: production, owner: x}',
      /tags/,
    ],
    [
      `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: ${'n'.repeat(64)}}\nspec: {type: service, lifecycle: production, owner: x}`,
      /metadata\.name/,
    ],
    [
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: a}\nspec: {type: service, lifecycle: retired, owner: x}',
      /^document 1: spec\.lifecycle must be one of/,
    ],
    [
      'apiVersion: example.com/v9\nkind: Component\nmetadata: {name: a}\nspec: {type: service, lifecycle: production, owner: x}',
      /apiVersion example\.com\/v9/,
    ],
    [
      'apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: {name: g}\nspec: {type: team}',
      /^document 1: .*children/,
    ],
    ['- just\n- a list', /^document 1: .*mapping/],
    ['kind: Component\nmetadata: {name: a\n', /document 1.*invalid YAML/],
    [
      'apiVersion: backstage.io/v1alpha1\nkind: Domain\nmetadata: {name: a}\nspec: {owner: x}\n---\nkey: [unclosed',
      /document 2.*invalid YAML/,
    ],
    ['# only a comment\n', /holds no descriptor/],
    [
      `${entity('Domain', 'same')}---\n${entity('Domain', 'same')}`,
      /^document 2: domain:default\/same is already declared by document 1/,
    ],
  ])('400 for %j', async (yaml, message) => {
    const body = expectError(await register(yaml), 400);
    expect(body.message).toMatch(message);
    expect(body.message).not.toContain('\n');
  });

  it('400 for a bad body', async () => {
    expectError(await register(42), 400);
    expectError(await register(''), 400);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: {} }),
      400,
    );
    expectError(await register('x'.repeat(512 * 1024 + 1)), 400);
  });

  it('registers nothing when one document is bad (one transaction)', async () => {
    const good = uniq('atomic');
    expectError(await register(`${entity('Domain', good)}---\nkind: Component\nmetadata: {}`), 400);
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
    const yaml = Array.from({ length: 501 }, (_, i) => entity('Domain', `many-${i}`)).join('\n---\n');
    expect(expectError(await register(yaml), 400).message).toMatch(/more than 500 documents/);
  });

  it('still registers ordinary nesting and block scalars holding brackets', async () => {
    const n = uniq('scalar');
    const yaml = `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${n}\n  description: |\n    [[[[[[[[[[ - - - - - - -\n    {{{{{{{{\n  annotations:\n    a: "[[[["\nspec:\n  type: service\n  lifecycle: production\n  owner: x\n  deep: {a: {b: {c: [[1, [2, [3]]]]}}}`;
    const res = await register(yaml);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created[0].description).toContain('[[[[');
  });
});
