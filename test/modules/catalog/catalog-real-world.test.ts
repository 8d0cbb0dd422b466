import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { gitRepos } from './git-repo.js';

// Backstage's own example files (test/fixtures/backstage-examples/README.md), as a new user registers them.
const EXAMPLES = join(import.meta.dirname, '../../fixtures/backstage-examples');
const read = (file: string) => readFileSync(join(EXAMPLES, file), 'utf8');

let t: TestApp;
let admin: Record<string, string>;
const repos = gitRepos();
beforeAll(async () => {
  t = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'true', CATALOG_REFRESH_INTERVAL_S: '0' });
  admin = bearer(await t.adminToken());
});
afterAll(async () => {
  await t?.close();
  repos.cleanup();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin, payload });
const registerYaml = (yaml: string) => inject('POST', '/api/v1/catalog/register-yaml', { yaml });
const entity = async (ref: string) => (await inject('GET', `/api/v1/catalog/entities/${ref.replace(':', '/')}`)).json();
const registered = async (yaml: string) => {
  const res = await registerYaml(yaml);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/** A copy of a real file under other names (the same database serves every test of the file). */
const renamed = (text: string, names: Record<string, string>) =>
  Object.entries(names).reduce(
    (s, [from, to]) => s.replace(new RegExp(`(?<![\\w.-])${from}(?![\\w.-])`, 'g'), to),
    text,
  );
const withoutLine = (text: string, key: string) => text.replace(new RegExp(`\\n  ${key}: .*`), '');
/** `spec.children` is required on a Group: the parent side's links are removed by emptying it. */
const withoutChildren = (text: string) => text.replace(/\n {2}children: .*/, '\n  children: []');

describe('MCP server APIs (spec.remotes, no definition)', () => {
  it('registers the example MCP server and keeps its remotes, unchanged the second time', async () => {
    const body = await registered(read('apis/backstage-mcp-server-api.yaml'));
    expect(body.created).toHaveLength(1);
    expect(body.errors).toEqual([]);
    const api = await entity('api:default/backstage-mcp-server');
    expect(api).toMatchObject({
      entityKind: 'API',
      type: 'mcp-server',
      remotes: [{ type: 'streamable-http', url: 'http://localhost:7007/api/mcp/v1' }],
    });
    const again = await registered(read('apis/backstage-mcp-server-api.yaml'));
    expect(again.unchanged).toHaveLength(1);
    expect((await entity('api:default/backstage-mcp-server')).updatedAt).toBe(api.updatedAt);
    // Other entities carry no remotes.
    await registered(read('apis/hello-world-api.yaml'));
    expect((await entity('api:default/hello-world')).remotes).toBeNull();
  });

  it('refuses an mcp-server API without remotes, naming the field', async () => {
    const yaml = withoutLine(
      read('apis/backstage-mcp-server-api.yaml').replace(/\n {4}- type: streamable-http\n {6}url: .*/, ''),
      'remotes:',
    );
    const res = await registerYaml(yaml.replace('backstage-mcp-server', 'mcp-without-remotes'));
    expect(expectError(res, 400).message).toMatch(/document 1: .*remotes/);
  });
});

describe('group hierarchy across requests', () => {
  const parentOf = async (name: string) => (await entity(`group:default/${name}`)).parentTeamId;
  const idOf = async (name: string) => (await entity(`group:default/${name}`)).id;

  it('a child naming its parent (spec.parent) gets it when the parent arrives later', async () => {
    const names = { 'team-a': 'late-team-a', backstage: 'late-backstage', infrastructure: 'late-infra' };
    // Only the child side declares the link: the parents' `children` lines are removed.
    await registered(renamed(read('acme/team-a-group.yaml'), names));
    expect(await parentOf('late-team-a')).toBeNull();
    await registered(withoutChildren(renamed(read('acme/backstage-group.yaml'), names)));
    expect(await parentOf('late-team-a')).toBe(await idOf('late-backstage'));
    await registered(withoutChildren(renamed(read('acme/infrastructure-group.yaml'), names)));
    expect(await parentOf('late-backstage')).toBe(await idOf('late-infra'));
  });

  it('a parent naming its children (spec.children) gets them when they arrive later', async () => {
    const names = {
      'team-a': 'early-team-a',
      'team-b': 'early-team-b',
      backstage: 'early-backstage',
      infrastructure: 'early-infra',
    };
    // Only the parent side declares the link: the children's `parent` lines are removed.
    await registered(withoutLine(renamed(read('acme/infrastructure-group.yaml'), names), 'parent'));
    await registered(withoutLine(renamed(read('acme/backstage-group.yaml'), names), 'parent'));
    expect(await parentOf('early-backstage')).toBe(await idOf('early-infra'));
    await registered(withoutLine(renamed(read('acme/team-a-group.yaml'), names), 'parent'));
    expect(await parentOf('early-team-a')).toBe(await idOf('early-backstage'));
    // Re-registering the parent leaves the link (and the child) as they are.
    const child = await entity('group:default/early-team-a');
    await registered(withoutLine(renamed(read('acme/backstage-group.yaml'), names), 'parent'));
    expect(await entity('group:default/early-team-a')).toMatchObject({
      parentTeamId: await idOf('early-backstage'),
      updatedAt: child.updatedAt,
    });
  });

  it('a location whose files arrive one by one resolves the whole tree', async () => {
    const names = {
      'team-a': 'loc-team-a',
      backstage: 'loc-backstage',
      infrastructure: 'loc-infra',
      'acme-corp': 'loc-acme',
    };
    const repo = repos.make({ 'team.yaml': renamed(read('acme/team-a-group.yaml'), names) });
    const first = await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'team.yaml' });
    expect(first.statusCode, first.body).toBe(201);
    await registered(renamed(read('acme/backstage-group.yaml'), names));
    expect(await parentOf('loc-team-a')).toBe(await idOf('loc-backstage'));
  });
});

describe('re-registration is idempotent', () => {
  it('a System, a Component with links and a gRPC API registered before their owner stay unchanged once it arrived', async () => {
    const files = {
      'systems/artist-engagement-portal-system.yaml': 'system:default/artist-engagement-portal',
      'components/artist-lookup-component.yaml': 'component:default/artist-lookup',
      'apis/hello-world-api.yaml': 'api:default/hello-world',
    };
    const names = { 'team-a': 'idem-team-a', 'team-c': 'idem-team-c' };
    for (const file of Object.keys(files)) await registered(renamed(read(file), names));
    // The owners arrive: the entities are linked to their teams.
    await registered(renamed(read('acme/team-a-group.yaml'), names));
    await registered(renamed(read('acme/team-c-group.yaml'), names));
    const before = new Map<string, { teamId: string; updatedAt: string }>();
    for (const ref of Object.values(files)) {
      const e = await entity(ref);
      expect(e.teamId, ref).toEqual(expect.any(String));
      before.set(ref, e);
    }
    for (const [file, ref] of Object.entries(files)) {
      const body = await registered(renamed(read(file), names));
      expect(body.updated, file).toEqual([]);
      expect(
        body.unchanged.map((e: { entityRef: string }) => e.entityRef),
        file,
      ).toEqual([ref]);
      expect((await entity(ref)).updatedAt, ref).toBe(before.get(ref)!.updatedAt);
    }
  });
});

/** Every 400 of a non-entity document is a sentence about the input, never a JavaScript error. */
const INTERNAL = /cannot read|undefined|null \(|TypeError|is not a function|is not iterable|\bat \w+ \(/i;

describe('documents that are no entity', () => {
  it('refuses an OpenAPI file in user words', async () => {
    const res = await registerYaml(read('apis/petstore.oas.yaml'));
    const { message } = expectError(res, 400);
    expect(message).not.toMatch(INTERNAL);
    expect(message).toMatch(/document 1: not a catalog entity .*OpenAPI document/);
  });

  const cases: [string, string, RegExp][] = [
    ['a list', '- a\n- b', /must be a mapping/],
    ['a scalar', 'just text', /must be a mapping/],
    ['a number', '42', /must be a mapping/],
    ['no kind', 'apiVersion: backstage.io/v1alpha1\nmetadata: {name: x}', /missing kind/],
    ['no apiVersion', 'kind: Component\nmetadata: {name: x}', /missing apiVersion/],
    ['no metadata', 'apiVersion: backstage.io/v1alpha1\nkind: Component', /missing metadata/],
    ['null metadata', 'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: null', /missing metadata/],
    [
      'metadata a list',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: [x]',
      /metadata must be a mapping/,
    ],
    [
      'metadata a string',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: x',
      /metadata must be a mapping/,
    ],
    ['no name', 'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {title: x}', /metadata.name is missing/],
    [
      'name a number',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: 5}',
      /metadata.name must be a string/,
    ],
    [
      'name a map',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: {a: 1}}',
      /metadata.name must be a string/,
    ],
    ['kind a number', 'apiVersion: backstage.io/v1alpha1\nkind: 3\nmetadata: {name: x}', /kind must be a string/],
    [
      'kind a list',
      'apiVersion: backstage.io/v1alpha1\nkind: [Component]\nmetadata: {name: x}',
      /kind must be a string/,
    ],
    ['apiVersion a map', 'apiVersion: {a: 1}\nkind: Component\nmetadata: {name: x}', /apiVersion must be a string/],
    [
      'spec a string',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x}\nspec: text',
      /spec must be a mapping/,
    ],
    [
      'spec a list',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x}\nspec: [1]',
      /spec must be a mapping/,
    ],
    [
      'namespace a number',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x, namespace: 5}\nspec: {type: service, owner: a, lifecycle: production}',
      /namespace/,
    ],
    [
      'annotations a list',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x, annotations: [a]}\nspec: {type: service, owner: a, lifecycle: production}',
      /annotations/,
    ],
    [
      'labels a string',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x, labels: a}\nspec: {type: service, owner: a, lifecycle: production}',
      /labels/,
    ],
    [
      'tags a map',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x, tags: {a: 1}}\nspec: {type: service, owner: a, lifecycle: production}',
      /tags/,
    ],
    [
      'links a string',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x, links: a}\nspec: {type: service, owner: a, lifecycle: production}',
      /links/,
    ],
    [
      'a link without url',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x, links: [{title: a}]}\nspec: {type: service, owner: a, lifecycle: production}',
      /url/,
    ],
    [
      'owner a number',
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: {name: x}\nspec: {type: service, owner: 5, lifecycle: production}',
      /owner/,
    ],
    ['a group without spec', 'apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: {name: g}', /spec/],
    [
      'children a string',
      'apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: {name: g}\nspec: {type: team, children: a}',
      /children/,
    ],
    [
      'an api definition a number',
      'apiVersion: backstage.io/v1alpha1\nkind: API\nmetadata: {name: x}\nspec: {type: openapi, owner: a, lifecycle: production, definition: 5}',
      /definition/,
    ],
    [
      'remotes a string',
      'apiVersion: backstage.io/v1alpha1\nkind: API\nmetadata: {name: x}\nspec: {type: mcp-server, owner: a, lifecycle: production, remotes: a}',
      /remotes/,
    ],
    [
      'a location target a map',
      'apiVersion: backstage.io/v1alpha1\nkind: Location\nmetadata: {name: l}\nspec: {targets: [{a: 1}]}',
      /targets/,
    ],
  ];
  it.each(cases)('register-yaml refuses %s in user words', async (_name, yaml, expected) => {
    const { message } = expectError(await registerYaml(yaml), 400);
    expect(message).toMatch(/^document 1: /);
    expect(message).not.toMatch(INTERNAL);
    expect(message).toMatch(expected);
  });

  it('a location reports each such document in user words and keeps the rest', async () => {
    const good = read('components/artist-lookup-component.yaml').replace('artist-lookup', 'fuzz-survivor');
    const repo = repos.make({
      'catalog-info.yaml': [...cases.map(([, yaml]) => yaml), read('apis/petstore.oas.yaml'), good].join('\n---\n'),
    });
    const res = await inject('POST', '/api/v1/catalog/locations', { url: repo.url });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.created.map((e: { name: string }) => e.name)).toEqual(['fuzz-survivor']);
    expect(body.errors).toHaveLength(cases.length + 1);
    for (const e of body.errors) expect(e.message).not.toMatch(INTERNAL);
  });
});
