import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iacModules, iacModuleVersions } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, createTestDatabase, expectError, uniq, type TestApp } from '../../helpers/app.js';

/** A real git repository in the temp folder, served to the app through a file:// URL. */
class Repo {
  readonly dir = mkdtempSync(join(tmpdir(), 'iacm-repo-'));
  readonly url = pathToFileURL(this.dir).href;
  constructor() {
    this.git('init', '--quiet', '-b', 'main');
  }
  git(...args: string[]) {
    const r = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=t@example.test', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
      cwd: this.dir,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  }
  commit(files: Record<string, string | null>, ...tags: string[]) {
    for (const [name, content] of Object.entries(files)) {
      if (content === null) unlinkSync(join(this.dir, name));
      else writeFileSync(join(this.dir, name), content);
    }
    this.git('add', '--all');
    this.git('commit', '--quiet', '--allow-empty', '-m', `commit ${tags.join(' ')}`);
    for (const tag of tags) this.git('tag', tag);
  }
  remove() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const VARIABLES_TF = `
variable "servers" {
  description = "Servers to create"
  type = list(object({
    name = string
    size = optional(number, 1)
  }))
  default = [{ name = "a" }]
  validation {
    condition     = length(var.servers) <= 10
    error_message = "At most ten servers."
  }
}
variable "region" {
  type        = string
  description = "Region"
}
variable "replicas" {
  type    = number
  default = 3
}
variable "labels" {
  type    = map(string)
  default = { team = "core", tier = "1" }
}
variable "zones" {
  type    = list(string)
  default = ["a", "b"]
}
variable "password" {
  type      = string
  sensitive = true
  default   = null
}
`;
const OUTPUTS_TF = `
output "server_names" {
  description = "Names"
  value       = [for s in var.servers : upper(s.name)]
}
output "endpoint" {
  value = "https://\${var.region}.example.test"
}
`;
const MAIN_TF = `
resource "null_resource" "x" {}
variable "name_prefix" {
  default = "hangar"
}
output "id" {
  value = null_resource.x.id
}
`;

let t: TestApp;
let auth: Record<string, string>;
const repos: Repo[] = [];
const newRepo = () => {
  const r = new Repo();
  repos.push(r);
  return r;
};
beforeAll(async () => {
  t = await buildTestApp();
  auth = bearer((await t.newUser('iacsync')).token);
});
afterAll(async () => {
  await t.close();
  for (const r of repos) r.remove();
});

const base = '/api/v1/iac-modules';
const createModule = async (sourceRepoUrl: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: base,
    headers: auth,
    payload: { name: uniq('m'), provider: 'generic', engine: 'engine_a', sourceRepoUrl },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; updatedAt: string };
};
const sync = (id: string) => t.app.inject({ method: 'POST', url: `${base}/${id}/sync`, headers: auth });
const versions = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${base}/${id}/versions`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { version: string; variablesMeta: any[]; outputsMeta: any[]; moduleId: string; syncedAt: string }[];
};
const getModule = async (id: string) => (await t.app.inject({ method: 'GET', url: `${base}/${id}`, headers: auth })).json();

describe('sync', () => {
  let repo: Repo;
  let mod: { id: string };
  beforeAll(() => {
    repo = newRepo();
    repo.commit({ 'variables.tf': VARIABLES_TF, 'outputs.tf': OUTPUTS_TF }, 'v1.0.0');
    repo.commit({ 'main.tf': MAIN_TF }, '1.1.0', 'latest', 'release-candidate');
    repo.commit({ 'variables.tf': 'variable "only" {}\n', 'outputs.tf': null, 'main.tf': null }, 'v2.0.0-rc.1');
  });

  it('stores every semver tag with its variables and outputs, semver descending', async () => {
    mod = await createModule(repo.url);
    const res = await sync(mod.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ newVersions: 3, latestVersion: 'v2.0.0-rc.1', failedVersions: [] });

    const list = await versions(mod.id);
    expect(list.map((v) => v.version)).toEqual(['v2.0.0-rc.1', '1.1.0', 'v1.0.0']);
    expect(list.every((v) => v.moduleId === mod.id && typeof v.syncedAt === 'string')).toBe(true);

    const v1 = list[2]!;
    expect(v1.variablesMeta.map((v) => v.name)).toEqual(['labels', 'password', 'region', 'replicas', 'servers', 'zones']);
    const byName = Object.fromEntries(v1.variablesMeta.map((v) => [v.name, v]));
    expect(byName.servers).toEqual({
      name: 'servers',
      type: 'list(object({\n    name = string\n    size = optional(number, 1)\n  }))',
      description: 'Servers to create',
      default: '[{"name":"a"}]',
      required: false,
      validation: { condition: 'length(var.servers) <= 10', errorMessage: 'At most ten servers.' },
      validations: [{ condition: 'length(var.servers) <= 10', errorMessage: 'At most ten servers.' }],
      sensitive: false,
      nullable: true,
    });
    expect(byName.region).toEqual({
      name: 'region',
      type: 'string',
      description: 'Region',
      default: null,
      required: true,
      validation: null,
      validations: [],
      sensitive: false,
      nullable: true,
    });
    expect(byName.replicas).toMatchObject({ type: 'number', default: '3', required: false });
    expect(byName.labels).toMatchObject({ type: 'map(string)', default: '{"team":"core","tier":"1"}' });
    expect(byName.zones).toMatchObject({ type: 'list(string)', default: '["a","b"]' });
    expect(byName.password).toMatchObject({ type: 'string', default: 'null', required: false, sensitive: true });
    expect(v1.outputsMeta).toEqual([
      { name: 'endpoint', description: null, value: '"https://${var.region}.example.test"', sensitive: false },
      { name: 'server_names', description: 'Names', value: '[for s in var.servers : upper(s.name)]', sensitive: false },
    ]);

    // Every *.tf at the root counts, not only variables.tf and outputs.tf.
    const v11 = list[1]!;
    expect(v11.variablesMeta.map((v) => v.name)).toContain('name_prefix');
    expect(v11.outputsMeta.map((o) => o.name)).toEqual(['endpoint', 'id', 'server_names']);
    expect(v11.outputsMeta.find((o) => o.name === 'id')).toEqual({ name: 'id', description: null, value: 'null_resource.x.id', sensitive: false });
    expect(list[0]!.variablesMeta).toEqual([
      { name: 'only', type: null, description: null, default: null, required: true, validation: null, validations: [], sensitive: false, nullable: true },
    ]);
    expect(list[0]!.outputsMeta).toEqual([]);
    expect((await getModule(mod.id)).latestVersion).toBe('v2.0.0-rc.1');
  });

  it('is idempotent: nothing new, nothing written', async () => {
    const before = await getModule(mod.id);
    const beforeVersions = await versions(mod.id);
    const res = await sync(mod.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ newVersions: 0, latestVersion: 'v2.0.0-rc.1', failedVersions: [] });
    expect(await getModule(mod.id)).toEqual(before);
    expect(await versions(mod.id)).toEqual(beforeVersions);
  });

  it('picks up a new tag and moves latestVersion', async () => {
    repo.commit({ 'variables.tf': VARIABLES_TF }, 'v2.0.0');
    expect((await sync(mod.id)).json()).toEqual({ newVersions: 1, latestVersion: 'v2.0.0', failedVersions: [] });
    expect((await versions(mod.id)).map((v) => v.version)).toEqual(['v2.0.0', 'v2.0.0-rc.1', '1.1.0', 'v1.0.0']);
    expect((await getModule(mod.id)).latestVersion).toBe('v2.0.0');
  });

  it('two syncs at once store each version once', async () => {
    const m = await createModule(repo.url);
    const [a, b] = await Promise.all([sync(m.id), sync(m.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().newVersions + b.json().newVersions).toBe(4);
    expect(a.json().latestVersion).toBe('v2.0.0');
    expect(b.json().latestVersion).toBe('v2.0.0');
    const rows = await t.database.db.select().from(iacModuleVersions).where(eq(iacModuleVersions.moduleId, m.id));
    expect(rows.map((r) => r.version).sort()).toEqual(['1.1.0', 'v1.0.0', 'v2.0.0', 'v2.0.0-rc.1']);
  });

  it('deleting the module deletes its versions', async () => {
    const m = await createModule(repo.url);
    expect((await sync(m.id)).json().newVersions).toBe(4);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${m.id}`, headers: auth })).statusCode).toBe(204);
    const rows = await t.database.db.select().from(iacModuleVersions).where(eq(iacModuleVersions.moduleId, m.id));
    expect(rows).toEqual([]);
  });

  it('a repository without semver tags gives 0 and latestVersion null', async () => {
    const r = newRepo();
    r.commit({ 'main.tf': MAIN_TF }, 'latest', 'stable');
    const m = await createModule(r.url);
    expect((await sync(m.id)).json()).toEqual({ newVersions: 0, latestVersion: null, failedVersions: [] });
    expect(await versions(m.id)).toEqual([]);
    const empty = newRepo();
    const m2 = await createModule(empty.url);
    expect((await sync(m2.id)).json()).toEqual({ newVersions: 0, latestVersion: null, failedVersions: [] });
  });

  it('one record when a repository tags both v1.0.0 and 1.0.0', async () => {
    const r = newRepo();
    r.commit({ 'main.tf': MAIN_TF }, 'v1.0.0', '1.0.0');
    const m = await createModule(r.url);
    expect((await sync(m.id)).json().newVersions).toBe(1);
    expect((await versions(m.id)).length).toBe(1);
  });
});

describe('sync failures', () => {
  it('an unreachable repository is a 400 with a one-line reason, nothing stored', async () => {
    const gone = pathToFileURL(join(tmpdir(), `iacm-missing-${randomUUID()}`)).href;
    const m = await createModule(gone);
    const body = expectError(await sync(m.id), 400);
    expect(body.message).toMatch(/^Could not list the tags of the source repository: \S.+/);
    expect(body.message).not.toContain('\n');
    expect(await versions(m.id)).toEqual([]);
    expect((await getModule(m.id)).latestVersion).toBeNull();
  });

  it('a tag that cannot be cloned is listed in failedVersions; the other tags are stored', async () => {
    const r = newRepo();
    r.commit({ 'main.tf': MAIN_TF }, 'v1.0.0');
    // A tag pointing at a tree: ls-remote lists it, clone refuses it.
    r.git('tag', 'v9.0.0', 'HEAD^{tree}');
    const m = await createModule(r.url);
    const res = await sync(m.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ newVersions: 1, latestVersion: 'v1.0.0' });
    expect(body.failedVersions).toHaveLength(1);
    expect(body.failedVersions[0].version).toBe('v9.0.0');
    expect(body.failedVersions[0].error).toMatch(/^Could not clone tag v9\.0\.0: \S/);
    expect(body.failedVersions[0].error).not.toContain('\n');
    expect((await versions(m.id)).map((v) => v.version)).toEqual(['v1.0.0']);
    expect(await getModule(m.id)).toMatchObject({ latestVersion: 'v1.0.0', failedVersions: body.failedVersions });
  });

  it('unparseable HCL in one tag does not block the others; it is recorded on the module and not retried', async () => {
    const r = newRepo();
    r.commit({ 'main.tf': MAIN_TF }, 'v1.0.0');
    const m = await createModule(r.url);
    expect((await sync(m.id)).json().newVersions).toBe(1);
    r.commit({ 'broken.tf': 'variable "x" {\n' }, 'v1.2.0');
    r.commit({ 'main.tf': MAIN_TF.replace('x', 'y'), 'broken.tf': null }, 'v1.1.0');
    const res = await sync(m.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ newVersions: 1, latestVersion: 'v1.1.0' });
    expect(body.failedVersions.map((f: any) => f.version)).toEqual(['v1.2.0']);
    expect(body.failedVersions[0].error).toContain('broken.tf');
    expect((await versions(m.id)).map((v) => v.version)).toEqual(['v1.1.0', 'v1.0.0']);
    const after = await getModule(m.id);
    expect(after.failedVersions).toEqual(body.failedVersions);
    // Idempotent: the failed tag is not cloned again and nothing is written.
    const again = await sync(m.id);
    expect(again.json()).toEqual({ newVersions: 0, latestVersion: 'v1.1.0', failedVersions: body.failedVersions });
    expect(await getModule(m.id)).toEqual(after);
  });

  it('404 unknown module, 400 bad id', async () => {
    expectError(await sync(randomUUID()), 404);
    expectError(await sync('nope'), 400);
  });
});

describe('GIT_ALLOW_FILE_URLS=false', () => {
  let strict: TestApp;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    strict = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'false' }, db);
  });
  afterAll(async () => {
    await strict.close();
    await db.drop();
  });

  it('refuses file:// and local paths on create, patch and sync', async () => {
    const token = bearer((await strict.newUser('strict')).token);
    const repo = newRepo();
    repo.commit({ 'main.tf': MAIN_TF }, 'v1.0.0');
    for (const url of [repo.url, repo.dir]) {
      const res = await strict.app.inject({ method: 'POST', url: base, headers: token, payload: { name: uniq('f'), provider: 'generic', sourceRepoUrl: url } });
      expect(expectError(res, 400).message).toMatch(/sourceRepoUrl.*GIT_ALLOW_FILE_URLS/);
    }
    const ok = await strict.app.inject({
      method: 'POST',
      url: base,
      headers: token,
      payload: { name: uniq('f'), provider: 'generic', sourceRepoUrl: 'https://git.example.test/m.git' },
    });
    expect(ok.statusCode).toBe(201);
    expectError(await strict.app.inject({ method: 'PATCH', url: `${base}/${ok.json().id}`, headers: token, payload: { sourceRepoUrl: repo.url } }), 400);
    // A module stored while file URLs were allowed is not synced once they are not.
    const [row] = await db.handle.db
      .insert(iacModules)
      .values({ name: uniq('legacy'), provider: 'generic', sourceRepoUrl: repo.url })
      .returning();
    expect(expectError(await strict.app.inject({ method: 'POST', url: `${base}/${row!.id}/sync`, headers: token }), 400).message).toContain(
      'GIT_ALLOW_FILE_URLS',
    );
  });
});
