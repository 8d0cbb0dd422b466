import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, expectError, uniq, type TestApp } from '../../helpers/app.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let noFiles: TestApp;
let admin: Record<string, string>;
const tmp = mkdtempSync(join(tmpdir(), 'hangar-catalog-test-'));

function git(cwd: string, ...args: string[]) {
  const res = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout;
}

/** A repository with `files` committed on main; returns its file:// URL. */
function makeRepo(files: Record<string, string>, branches: Record<string, Record<string, string>> = {}) {
  const dir = join(tmp, uniq('repo'));
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '--quiet');
  const write = (set: Record<string, string>) => {
    for (const [path, content] of Object.entries(set)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    git(dir, 'add', '--all');
    git(dir, 'commit', '--quiet', '-m', 'files');
  };
  write(files);
  for (const [branch, set] of Object.entries(branches)) {
    git(dir, 'checkout', '--quiet', '-b', branch);
    write(set);
    git(dir, 'checkout', '--quiet', 'main');
  }
  return { dir, url: pathToFileURL(dir).href };
}

const doc = (name: string, type = 'service') =>
  `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\nspec:\n  type: ${type}\n  lifecycle: production\n  owner: team-x\n`;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'true' }, db);
  noFiles = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'false' }, db);
  admin = bearer(await t.adminToken());
});
afterAll(async () => {
  await noFiles?.close();
  await t?.close();
  await db?.drop();
  rmSync(tmp, { recursive: true, force: true });
});

const locate = (payload: object, app = t) => app.app.inject({ method: 'POST', url: '/api/v1/catalog/locations', headers: admin, payload });

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
    expect((await locate({ url: repo.url })).json()).toMatchObject({ created: [], updated: [], unchanged: [], skipped: [], errors: [], files: [] });
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
    const res = await noFiles.app.inject({ method: 'POST', url: '/api/v1/catalog/locations', headers: token, payload: { url: repo.url } });
    expect(expectError(res, 400).message).toMatch(/file:\/\//);
    const path = await noFiles.app.inject({ method: 'POST', url: '/api/v1/catalog/locations', headers: token, payload: { url: repo.dir } });
    expectError(path, 400);
  });
});

describe('events', () => {
  let socket: Socket;
  const received: { name: string; payload: any }[] = [];

  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    socket = io(`${address}/events`, { auth: { token: await t.adminToken() }, transports: ['websocket'], reconnection: false });
    socket.onAny((name: string, payload: unknown) => received.push({ name, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
  });
  afterAll(() => {
    socket?.close();
  });

  async function waitFor(n: number, pred: (e: { name: string; payload: any }) => boolean) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const hits = received.filter(pred);
      if (hits.length >= n) return hits;
      if (Date.now() > deadline) throw new Error(`expected ${n} events, got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('emits component.created / updated / deleted with {id, name, kind, owner}', async () => {
    const name = uniq('ev');
    const c = (
      await t.app.inject({ method: 'POST', url: '/api/v1/catalog/components', headers: admin, payload: { name, kind: 'cluster', owner: 'ops' } })
    ).json();
    await t.app.inject({ method: 'PATCH', url: `/api/v1/catalog/components/${c.id}`, headers: admin, payload: { lifecycle: 'production' } });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/catalog/components/${c.id}`, headers: admin });
    const expected = { id: c.id, name, kind: 'cluster', owner: 'ops' };
    const events = await waitFor(3, (e) => e.payload?.id === c.id);
    expect(events).toEqual([
      { name: 'component.created', payload: expected },
      { name: 'component.updated', payload: expected },
      { name: 'component.deleted', payload: expected },
    ]);
  });

  it('emits for YAML and location registration too', async () => {
    const y = uniq('ev-yaml');
    await t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: { yaml: doc(y) } });
    // identical: unchanged, no event
    await t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: { yaml: doc(y) } });
    await t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: { yaml: doc(y).replace('production', 'deprecated') } });
    const yEvents = await waitFor(2, (e) => e.payload?.name === y);
    expect(yEvents.map((e) => e.name)).toEqual(['component.created', 'component.updated']);
    expect(yEvents[0]!.payload).toEqual({ id: expect.any(String), name: y, kind: 'service', owner: 'team-x' });

    const l = uniq('ev-loc');
    const repo = makeRepo({ 'x/catalog-info.yaml': doc(l, 'pipeline') });
    expect((await locate({ url: repo.url })).statusCode).toBe(201);
    const [loc] = await waitFor(1, (e) => e.payload?.name === l);
    expect(loc).toEqual({ name: 'component.created', payload: { id: expect.any(String), name: l, kind: 'pipeline', owner: 'team-x' } });
  });

  it('emits nothing for a failed write', async () => {
    const before = received.length;
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/register-yaml',
        headers: admin,
        payload: { yaml: `${doc(uniq('nope'))}---\nkind: Component\nmetadata: {}` },
      }),
      400,
    );
    const marker = uniq('marker');
    await t.app.inject({ method: 'POST', url: '/api/v1/catalog/components', headers: admin, payload: { name: marker, kind: 'service' } });
    await waitFor(1, (e) => e.payload?.name === marker);
    expect(received.slice(before).map((e) => e.payload.name)).toEqual([marker]);
  });
});
