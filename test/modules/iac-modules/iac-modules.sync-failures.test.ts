import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iacModules } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, createTestDatabase, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { MAIN_TF, base, createModule, getModule, newRepo, sync, useSyncApp, versions } from './sync-fixture.js';

/** Module sync failures (unreachable repository, unclonable tag, unparseable HCL) and GIT_ALLOW_FILE_URLS=false. */
useSyncApp();

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
      const res = await strict.app.inject({
        method: 'POST',
        url: base,
        headers: token,
        payload: { name: uniq('f'), provider: 'generic', sourceRepoUrl: url },
      });
      expect(expectError(res, 400).message).toMatch(/sourceRepoUrl.*GIT_ALLOW_FILE_URLS/);
    }
    const ok = await strict.app.inject({
      method: 'POST',
      url: base,
      headers: token,
      payload: { name: uniq('f'), provider: 'generic', sourceRepoUrl: 'https://git.example.test/m.git' },
    });
    expect(ok.statusCode).toBe(201);
    expectError(
      await strict.app.inject({
        method: 'PATCH',
        url: `${base}/${ok.json().id}`,
        headers: token,
        payload: { sourceRepoUrl: repo.url },
      }),
      400,
    );
    // A module stored while file URLs were allowed is not synced once they are not.
    const [row] = await db.handle.db
      .insert(iacModules)
      .values({ name: uniq('legacy'), provider: 'generic', sourceRepoUrl: repo.url })
      .returning();
    expect(
      expectError(await strict.app.inject({ method: 'POST', url: `${base}/${row!.id}/sync`, headers: token }), 400)
        .message,
    ).toContain('GIT_ALLOW_FILE_URLS');
  });
});
