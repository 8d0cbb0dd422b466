import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bearer, expectError, uniq } from '../../helpers/app.js';
import { noFiles, tmp, git, makeRepo, doc, locate, useLocationsApp } from './catalog-locations-setup.js';

useLocationsApp();

describe('locations', () => {
  it('registers every catalog-info.yaml / .yml of the tree (201), skipping node_modules and .git', async () => {
    const a = uniq('loc-a');
    const b = uniq('loc-b');
    const c = uniq('loc-c');
    const repo = makeRepo({
      'services/a/catalog-info.yaml': doc(a),
      'services/b/catalog-info.yml': `${doc(b, 'library')}---\n${doc(c, 'queue')}`,
      'node_modules/dep/catalog-info.yaml': doc(uniq('ignored')),
      'README.md': '# repo\n',
    });
    symlinkSync('/etc/hostname', join(repo.dir, 'catalog-info.yaml'));
    git(repo.dir, 'add', '--all');
    git(repo.dir, 'commit', '--quiet', '-m', 'link');
    const res = await locate({ url: repo.url });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.files).toEqual(['services/a/catalog-info.yaml', 'services/b/catalog-info.yml']);
    expect(body.updated).toEqual([]);
    expect(body.created.map((x: any) => [x.name, x.kind])).toEqual([
      [a, 'service'],
      [b, 'library'],
      [c, 'queue'],
    ]);

    // a second registration of the same location changes nothing and stores it once
    const again = (await locate({ url: repo.url })).json();
    expect(again).toMatchObject({ created: [], updated: [] });
    expect(again.unchanged.map((x: any) => x.name)).toEqual([a, b, c]);
    expect(again.location.id).toBe(body.location.id);
    // a changed file updates
    git(repo.dir, 'rm', '--quiet', 'services/a/catalog-info.yaml');
    mkdirSync(join(repo.dir, 'services/a'), { recursive: true });
    writeFileSync(join(repo.dir, 'services/a/catalog-info.yaml'), doc(a).replace('production', 'deprecated'));
    git(repo.dir, 'add', '--all');
    git(repo.dir, 'commit', '--quiet', '-m', 'change');
    const third = (await locate({ url: repo.url })).json();
    expect(third.updated.map((x: any) => [x.name, x.lifecycle])).toEqual([[a, 'deprecated']]);
    expect(third.unchanged).toHaveLength(2);
  });

  it('clones the branch asked for', async () => {
    const onMain = uniq('main');
    const onFeature = uniq('feature');
    const repo = makeRepo({ 'catalog-info.yaml': doc(onMain) }, { feature: { 'catalog-info.yaml': doc(onFeature) } });
    const res = await locate({ url: repo.url, branch: 'feature' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created.map((x: any) => x.name)).toEqual([onFeature]);
    const missing = expectError(await locate({ url: repo.url, branch: 'no-such-branch' }), 400);
    expect(missing.message).toMatch(/^Could not clone repository: .*no-such-branch/);
  });

  it('answers 201 with empty lists for a repository without descriptors', async () => {
    const repo = makeRepo({ 'README.md': 'nothing here\n' });
    expect((await locate({ url: repo.url })).json()).toMatchObject({
      created: [],
      updated: [],
      unchanged: [],
      skipped: [],
      errors: [],
      files: [],
    });
  });

  it('reports a bad file or document in errors and registers the rest', async () => {
    const good = uniq('good');
    const other = uniq('x');
    const repo = makeRepo({
      'a/catalog-info.yaml': doc(good),
      'b/catalog-info.yaml': `${doc(other)}---\nkind: Component\nmetadata: {}\n`,
      'c/catalog-info.yaml': 'key: [unclosed\n',
    });
    const res = await locate({ url: repo.url });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.created.map((x: any) => x.name)).toEqual([good, other]);
    expect(body.errors).toEqual([
      { file: 'b/catalog-info.yaml', document: 2, message: expect.stringMatching(/apiVersion|kind|name/) },
      { file: 'c/catalog-info.yaml', document: 1, message: expect.stringMatching(/invalid YAML/) },
    ]);
  });

  it('starts from `path`, follows Location targets inside the repository, reports others', async () => {
    const n = uniq('followed');
    const repo = makeRepo({
      'catalog/all.yaml':
        'apiVersion: backstage.io/v1alpha1\nkind: Location\nmetadata: {name: all}\nspec:\n  targets: [./one.yaml, ../outside/../two.yaml, ../../etc/passwd, https://example.test/x.yaml, ./missing.yaml]\n',
      'catalog/one.yaml': doc(n),
      'two.yaml': doc(`${n}-2`),
      'catalog-info.yaml': doc(uniq('not-read')),
    });
    const body = (await locate({ url: repo.url, path: 'catalog/all.yaml' })).json();
    expect(body.files).toEqual(['catalog/all.yaml', 'catalog/one.yaml', 'two.yaml', 'catalog/missing.yaml']);
    expect(body.created.map((x: any) => x.name)).toEqual([n, `${n}-2`]);
    expect(body.errors.map((e: any) => e.message)).toEqual([
      expect.stringMatching(/etc\/passwd.*outside the repository/),
      expect.stringMatching(/https:\/\/example\.test\/x\.yaml.*outside the repository/),
      expect.stringMatching(/no such file/),
    ]);
    expect(body.location).toMatchObject({ path: 'catalog/all.yaml', branch: null });
    expect(expectError(await locate({ url: repo.url, path: 'nope.yaml' }), 400).message).toMatch(/path/);
    expectError(await locate({ url: repo.url, path: '../x.yaml' }), 400);
  });

  it("400 with git's reason in one line for an unreachable repository", async () => {
    const missing = expectError(await locate({ url: pathToFileURL(join(tmp, 'does-not-exist')).href }), 400);
    expect(missing.message).toMatch(/^Could not clone repository: \S/);
    expect(missing.message).not.toContain('\n');
    const refused = expectError(await locate({ url: 'http://127.0.0.1:9/nothing.git' }), 400);
    // refused before cloning (an internal address) or by git: either way one line
    expect(refused.message).not.toContain('\n');
  });

  it('400 for unsupported schemes and bad bodies', async () => {
    expect(expectError(await locate({ url: 'ftp://example.test/repo.git' }), 400).message).toMatch(/scheme/);
    expectError(await locate({ url: 'not a url' }), 400);
    expectError(await locate({ url: '--upload-pack=touch /tmp/x' }), 400);
    expectError(await locate({}), 400);
    expectError(await locate({ url: 42 }), 400);
    expectError(await locate({ url: 'https://example.test/r.git', branch: '-x' }), 400);
  });

  it('refuses file:// URLs and local paths when GIT_ALLOW_FILE_URLS=false', async () => {
    const repo = makeRepo({ 'catalog-info.yaml': doc(uniq('off')) });
    const token = bearer(await noFiles.adminToken());
    const res = await noFiles.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/locations',
      headers: token,
      payload: { url: repo.url },
    });
    expect(expectError(res, 400).message).toMatch(/file:\/\//);
    const path = await noFiles.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/locations',
      headers: token,
      payload: { url: repo.dir },
    });
    expectError(path, 400);
  });
});
