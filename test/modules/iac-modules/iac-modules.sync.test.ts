import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { iacModuleVersions } from '../../../src/db/schema/index.js';
import {
  MAIN_TF,
  OUTPUTS_TF,
  Repo,
  VARIABLES_TF,
  auth,
  base,
  createModule,
  getModule,
  newRepo,
  sync,
  t,
  useSyncApp,
  versions,
} from './sync-fixture.js';

/** Syncing a module's versions from the semver tags of a real git repository (sync-fixture.ts). */
useSyncApp();

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
    expect(v1.variablesMeta.map((v) => v.name)).toEqual([
      'labels',
      'password',
      'region',
      'replicas',
      'servers',
      'zones',
    ]);
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
    expect(v11.outputsMeta.find((o) => o.name === 'id')).toEqual({
      name: 'id',
      description: null,
      value: 'null_resource.x.id',
      sensitive: false,
    });
    expect(list[0]!.variablesMeta).toEqual([
      {
        name: 'only',
        type: null,
        description: null,
        default: null,
        required: true,
        validation: null,
        validations: [],
        sensitive: false,
        nullable: true,
      },
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
