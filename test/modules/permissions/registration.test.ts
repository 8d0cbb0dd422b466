import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { gitRepos } from '../catalog/git-repo.js';

/**
 * "Create a catalog entity: a maintainer of the team it names as owner", for every way an entity is
 * created on a person's request (decisions 1060–1063): POST of a component (permissions.test.ts),
 * register-yaml, a catalog location (and its refreshes) and a scaffold. Six callers as in the table's
 * test; catalog entities belong to no organization, so a member of another organization is refused
 * like any other caller without a role in the owning team.
 */
type Persona = 'admin' | 'maintainer' | 'member' | 'otherTeam' | 'plain' | 'foreign';
const PERSONAS: Persona[] = ['admin', 'maintainer', 'member', 'otherTeam', 'plain', 'foreign'];

let t: TestApp;
const tokens = {} as Record<Persona, string>;
const ids = {} as Record<Persona, string>;
let teamA: { id: string; name: string };
let teamB: { id: string; name: string };
const repos = gitRepos();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: Persona, method: Method, url: string, payload?: object, org?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[who]), ...(org ? { 'x-organization-id': org } : {}) },
    ...(payload ? { payload } : {}),
  });
async function ok(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

const component = (name: string, owner: string | null, extra = '') =>
  `apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: ${name}
spec:
  type: service
  lifecycle: experimental
${owner ? `  owner: ${owner}\n` : ''}${extra}`;
const yaml = (...docs: string[]) => docs.join('---\n');
const exists = async (name: string) =>
  (await call('admin', 'GET', `/api/v1/catalog/entities/component/default/${name}`)).statusCode === 200;

beforeAll(async () => {
  t = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'true' });
  tokens.admin = await t.adminToken();
  for (const p of PERSONAS.filter((p) => p !== 'admin')) {
    const user = await t.newUser(`reg-${p}`);
    tokens[p] = user.token;
    ids[p] = user.id;
  }
  const team = async () => {
    const name = uniq('team');
    return { id: (await ok(call('admin', 'POST', '/api/v1/teams', { name, type: 'dev' }))).id as string, name };
  };
  [teamA, teamB] = [await team(), await team()];
  const join = (teamId: string, who: Persona, role: 'maintainer' | 'member') =>
    ok(call('admin', 'POST', `/api/v1/teams/${teamId}/members/${ids[who]}`, { role }));
  await join(teamA.id, 'maintainer', 'maintainer');
  await join(teamA.id, 'member', 'member');
  await join(teamB.id, 'otherTeam', 'maintainer');
  const orgB = (await ok(call('admin', 'POST', '/api/v1/organizations', { name: uniq('Org'), slug: uniq('org') })))
    .id as string;
  await ok(call('admin', 'POST', `/api/v1/organizations/${orgB}/members`, { userId: ids.foreign, role: 'member' }));
}, 180_000);
afterAll(async () => {
  await t?.close();
  repos.cleanup();
});

const CREATE = { admin: 201, maintainer: 201, member: 403, otherTeam: 403, plain: 403, foreign: 403 };

describe('register-yaml', () => {
  it.each(PERSONAS)('one new entity owned by the team: %s', async (who) => {
    const name = uniq('yaml');
    const res = await call(who, 'POST', '/api/v1/catalog/register-yaml', { yaml: component(name, teamA.name) });
    expect(res.statusCode, res.body).toBe(CREATE[who]);
    expect(await exists(name)).toBe(CREATE[who] === 201);
    // A caller with a team role is told which document and why; one without any keeps the documents' admin answer.
    if (res.statusCode === 403) {
      expect(res.json().message).toMatch(
        who === 'plain' || who === 'foreign'
          ? /^This action requires the admin role$/
          : /^document 1 \(component:default\/.*\): Only admins and maintainers of the owning team may create/,
      );
    }
  });

  it('several owners: all must be allowed; 403 names the first refused and nothing is stored', async () => {
    const [mine, theirs] = [uniq('mine'), uniq('theirs')];
    const body = { yaml: yaml(component(mine, teamA.name), component(theirs, `group:default/${teamB.name}`)) };
    const refused = await call('maintainer', 'POST', '/api/v1/catalog/register-yaml', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      new RegExp(`^document 2 \\(component:default/${theirs}\\): Only admins and maintainers`),
    );
    expect(await exists(mine)).toBe(false);
    const other = await call('otherTeam', 'POST', '/api/v1/catalog/register-yaml', body);
    expect(other.json().message).toMatch(new RegExp(`^document 1 \\(component:default/${mine}\\): [^(]*$`));
    expect((await ok(call('admin', 'POST', '/api/v1/catalog/register-yaml', body))).created).toHaveLength(2);
  });

  it('a caller without any team role gets the answers of the documents: 403 before the YAML is even read', async () => {
    for (const yaml of [
      '{ not: [valid',
      'apiVersion: backstage.io/v1alpha1\nkind: Template\nmetadata:\n  name: skipped\n',
    ]) {
      const res = await call('plain', 'POST', '/api/v1/catalog/register-yaml', { yaml });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This action requires the admin role');
    }
    const repo = repos.make({ 'catalog-info.yaml': component(uniq('x'), teamA.name) });
    expect(
      (await call('foreign', 'POST', '/api/v1/catalog/locations', { url: `${repo.url}-missing` })).statusCode,
    ).toBe(403);
    expect((await call('member', 'POST', '/api/v1/catalog/register-yaml', { yaml: '{ not: [valid' })).statusCode).toBe(
      400,
    );
  });

  it('an owner naming no team, and Group or User entities: admins only', async () => {
    const orphan = await call('maintainer', 'POST', '/api/v1/catalog/register-yaml', {
      yaml: component(uniq('nobody'), 'group:default/no-such-team'),
    });
    expect(orphan.statusCode).toBe(403);
    expect(orphan.json().message).toMatch(/The owner names no known team: only admins may create it/);
    const group = `apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata:\n  name: ${uniq('grp')}\nspec:\n  type: team\n  children: []\n`;
    const refused = await call('maintainer', 'POST', '/api/v1/catalog/register-yaml', {
      yaml: yaml(component(uniq('ok'), teamA.name), group),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^document 2 .*Only admins may register Group and User entities/);
  });

  it('a stored entity: members of its owning team update it; moving it to another team needs maintainers of both', async () => {
    const name = uniq('kept');
    await ok(call('admin', 'POST', '/api/v1/catalog/register-yaml', { yaml: component(name, teamA.name) }));
    const described = { yaml: component(name, teamA.name, '  system: billing\n') };
    expect((await call('member', 'POST', '/api/v1/catalog/register-yaml', described)).statusCode).toBe(201);
    expect((await call('otherTeam', 'POST', '/api/v1/catalog/register-yaml', described)).statusCode).toBe(403);
    const moved = await call('maintainer', 'POST', '/api/v1/catalog/register-yaml', {
      yaml: component(name, teamB.name),
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toMatch(/maintainers of the new owning team/);
    expect((await call('admin', 'GET', `/api/v1/catalog/entities/component/default/${name}`)).json().teamId).toBe(
      teamA.id,
    );
  });
});

describe('catalog locations', () => {
  it.each(PERSONAS)('a location whose file names the team as owner: %s', async (who) => {
    const name = uniq('loc');
    const repo = repos.make({ 'catalog-info.yaml': component(name, teamA.name) });
    const res = await call(who, 'POST', '/api/v1/catalog/locations', { url: repo.url });
    expect(res.statusCode, res.body).toBe(CREATE[who]);
    expect(await exists(name)).toBe(CREATE[who] === 201);
  });

  it('several files naming several owners: 403 naming the file refused; nothing stored, no location', async () => {
    const [mine, theirs] = [uniq('mine'), uniq('theirs')];
    const repo = repos.make({
      'a/catalog-info.yaml': component(mine, teamA.name),
      'b/catalog-info.yaml': component(theirs, teamB.name),
    });
    const refused = await call('maintainer', 'POST', '/api/v1/catalog/locations', { url: repo.url });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      new RegExp(`^file b/catalog-info.yaml, document 1 \\(component:default/${theirs}\\)`),
    );
    expect(await exists(mine)).toBe(false);
    const locations = await ok(call('admin', 'GET', '/api/v1/catalog/locations?take=100'));
    expect(locations.data.some((l: { url: string }) => l.url === repo.url)).toBe(false);
  });

  it("a location registered by a maintainer is refreshed with the maintainer's rights", async () => {
    const [mine, theirs] = [uniq('mine'), uniq('theirs')];
    const repo = repos.make({ 'catalog-info.yaml': component(mine, teamA.name) });
    const location = (await ok(call('maintainer', 'POST', '/api/v1/catalog/locations', { url: repo.url }))).location
      .id as string;
    // The repository now also names another team's entity: a refresh (here an admin's "Refresh", as the schedule's) refuses that document only.
    repos.change(repo.dir, { 'other/catalog-info.yaml': component(theirs, teamB.name) });
    const refreshed = await ok(call('admin', 'POST', `/api/v1/catalog/locations/${location}/refresh`));
    expect(refreshed.errors).toContainEqual(
      expect.objectContaining({
        file: 'other/catalog-info.yaml',
        message: expect.stringMatching(/Only admins and maintainers/),
      }),
    );
    expect(await exists(theirs)).toBe(false);
    expect(await exists(mine)).toBe(true);
    // An admin registering it again takes it over: the next refresh writes everything.
    await ok(call('admin', 'POST', '/api/v1/catalog/locations', { url: repo.url }));
    expect((await ok(call('admin', 'POST', `/api/v1/catalog/locations/${location}/refresh`))).errors).toEqual([]);
    expect(await exists(theirs)).toBe(true);
  });
});

describe('scaffolding', () => {
  async function scaffold(who: Persona, owner: string) {
    const templates = (await ok(call(who, 'GET', '/api/v1/service-templates?take=100'))).data as {
      id: string;
      name: string;
    }[];
    const backend = templates.find((x) => x.name === 'typescript-backend')!;
    const bare = `${repos.root}/${uniq('target')}.git`;
    repos.git(repos.root, 'init', '--bare', '--quiet', bare);
    const name = uniq('scaf')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-');
    const res = await ok(
      call(who, 'POST', `/api/v1/service-templates/${backend.id}/scaffold`, {
        targetRepository: `file://${bare}`,
        variables: { SERVICE_NAME: name, OWNER: owner },
      }),
    );
    const until = Date.now() + 60_000;
    for (;;) {
      const body = await ok(call(who, 'GET', `/api/v1/scaffold-requests/${res.id}`));
      if (body.status === 'completed' || body.status === 'failed') return body;
      if (Date.now() > until) throw new Error(`scaffold ${res.id} still ${body.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("registers the scaffold's entity with the requester's rights: a maintainer's is registered, a plain user's is noted as refused", async () => {
    const mine = await scaffold('maintainer', `group:default/${teamA.name}`);
    expect(mine.status, mine.statusMessage).toBe('completed');
    expect(mine.componentId).toEqual(expect.any(String));
    const plain = await scaffold('plain', `group:default/${teamA.name}`);
    expect(plain.status).toBe('completed'); // the files are pushed; the catalog refused
    expect(plain.componentId).toBeNull();
    expect(plain.statusMessage).toMatch(
      /not registered in the catalog: .*Only admins and maintainers of the owning team may create/,
    );
  });
});

describe('the OpenAPI document', () => {
  it('names who may call each registration', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(doc.paths['/api/v1/catalog/register-yaml']!.post!.description).toMatch(
      /^Allowed: admins, and anyone allowed every entity it names/,
    );
    expect(doc.paths['/api/v1/catalog/locations']!.post!.description).toMatch(
      /^Allowed: admins, and anyone allowed every entity its files name/,
    );
    expect(doc.paths['/api/v1/catalog/locations/{id}/refresh']!.post!.description).toMatch(/^Allowed: admins\./);
  });
});
