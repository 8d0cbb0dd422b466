import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaffoldRequests } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, createTestDatabase, expectError, uniq, type TestApp } from '../../helpers/app.js';

const base = '/api/v1/service-templates';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let admin: Record<string, string>;
let alice: { id: string; token: string };
let bob: { id: string; token: string };
let work: string;

const git = (args: string[], cwd?: string) => {
  const r = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const bareRepo = (name: string) => {
  const dir = join(work, `${name}.git`);
  git(['init', '--bare', '--quiet', dir]);
  return { dir, url: pathToFileURL(dir).href };
};
const show = (repoDir: string, ref: string) => git(['show', ref], repoDir);
const files = (repoDir: string) => git(['ls-tree', '-r', '--name-only', 'main'], repoDir).trim().split('\n');
const commits = (repoDir: string) => Number(git(['rev-list', '--count', 'main'], repoDir).trim());

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'hangar-scaffold-test-'));
  db = await createTestDatabase();
  t = await buildTestApp({}, db);
  admin = bearer(await t.adminToken());
  alice = await t.newUser('alice');
  bob = await t.newUser('bob');
});
afterAll(async () => {
  await t.close();
  await db.drop();
  rmSync(work, { recursive: true, force: true });
});

const builtin = async (name: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${base}?take=100`, headers: admin });
  return (res.json().data as any[]).find((x) => x.name === name);
};
const scaffold = (id: string, payload: object, token = alice.token) =>
  t.app.inject({ method: 'POST', url: `${base}/${id}/scaffold`, headers: bearer(token), payload });

/** Polls the request until it leaves pending/in_progress, with a deadline (no fixed sleeps). */
async function settle(id: string, app = t, headers = admin, deadlineMs = 20_000) {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const res = await app.app.inject({ method: 'GET', url: `/api/v1/scaffold-requests/${id}`, headers });
    const body = res.json();
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > until) throw new Error(`scaffold request ${id} still ${body.status}`);
    // A short pause between polls leaves the embedded database to the worker.
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('real scaffolds into git repositories', () => {
  it('an empty repository gets its first commit on main with the rendered files', async () => {
    const go = await builtin('go-service');
    const repo = bareRepo('empty');
    const res = await scaffold(go.id, { targetRepository: repo.url, variables: { SERVICE_NAME: 'ledger', PORT: '9000' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', dryRun: false, renderedFiles: null, requestedBy: alice.id, templateName: 'go-service' });
    const done = await settle(res.json().id);
    expect(done.status, done.statusMessage).toBe('completed');
    expect(done.renderedFiles).toContain('cmd/ledger/main.go');
    expect(files(repo.dir)).toEqual(done.renderedFiles);
    expect(commits(repo.dir)).toBe(1);
    const main = show(repo.dir, 'main:cmd/ledger/main.go');
    expect(main).toContain('port = "9000"');
    expect(main).toContain('example.com/ledger/internal/server');
    expect(main).not.toContain('{{');
    expect(show(repo.dir, 'main:go.mod')).toContain('module example.com/ledger');
    // GitHub expressions are not template placeholders
    expect(show(repo.dir, 'main:.github/workflows/ci.yml')).toContain('ledger:${{ github.sha }}');
  });

  it('a non-empty repository gets a second commit on top', async () => {
    const seed = join(work, 'seed');
    git(['init', '--quiet', seed]);
    writeFileSync(join(seed, 'EXISTING.md'), 'keep me\n');
    git(['add', '.'], seed);
    git(['commit', '--quiet', '-m', 'first'], seed);
    const repo = bareRepo('non-empty');
    git(['push', '--quiet', repo.url, 'HEAD:refs/heads/main'], seed);

    const py = await builtin('python-worker');
    const res = await scaffold(py.id, { targetRepository: repo.url, variables: { SERVICE_NAME: 'mailer', QUEUE_NAME: 'emails' } });
    const done = await settle(res.json().id);
    expect(done.status, done.statusMessage).toBe('completed');
    expect(done.variables).toEqual({ SERVICE_NAME: 'mailer', QUEUE_NAME: 'emails', CONCURRENCY: '4', OWNER: 'unassigned' });
    expect(commits(repo.dir)).toBe(2);
    expect(files(repo.dir)).toEqual(expect.arrayContaining(['EXISTING.md', 'worker.py', 'deploy/mailer.yaml', 'requirements.txt']));
    const worker = show(repo.dir, 'main:worker.py');
    expect(worker).toContain('"emails"');
    expect(worker).toContain('"4"');
  });

  it('an unreachable repository: failed with a statusMessage naming the cause', async () => {
    const be = await builtin('typescript-backend');
    const url = pathToFileURL(join(work, 'does-not-exist.git')).href;
    const res = await scaffold(be.id, { targetRepository: url, variables: { SERVICE_NAME: 'orders' } });
    const done = await settle(res.json().id);
    expect(done.status).toBe('failed');
    expect(done.statusMessage).toContain(`Push to ${url} failed:`);
    expect(done.renderedFiles).toBeNull();
  });

  it('a custom template from a git repository: placeholders in contents and paths, binaries copied, symlinks skipped', async () => {
    const src = join(work, 'custom-src');
    mkdirSync(join(src, 'src', '{{MODULE}}'), { recursive: true });
    writeFileSync(join(src, 'README.md'), '# {{MODULE}} owned by {{OWNER}}\n');
    writeFileSync(join(src, 'src', '{{MODULE}}', 'index.js'), "export const name = '{{MODULE}}';\n");
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x7b, 0x7b, 0x4d, 0x7d, 0x7d, 0xff]);
    writeFileSync(join(src, 'logo.png'), png);
    symlinkSync('/etc/hostname', join(src, 'leak.txt'));
    git(['init', '--quiet', src]);
    git(['add', '.'], src);
    git(['commit', '--quiet', '-m', 'template'], src);

    const created = await t.app.inject({
      method: 'POST',
      url: base,
      headers: admin,
      payload: {
        name: uniq('custom'),
        language: 'javascript',
        framework: 'none',
        repositoryUrl: pathToFileURL(src).href,
        variables: [{ key: 'MODULE', required: true, pattern: '^[a-z]+$' }, { key: 'OWNER', default: 'platform' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const tpl = created.json();

    const dry = await t.app.inject({ method: 'POST', url: `${base}/${tpl.id}/scaffold/dry-run`, headers: bearer(alice.token), payload: { targetRepository: 'https://example.com/x.git', variables: { MODULE: 'billing' } } });
    expect(dry.statusCode).toBe(201);
    expect(dry.json().renderedFiles).toEqual(['README.md', 'logo.png', 'src/billing/index.js']);

    const repo = bareRepo('custom-target');
    const res = await scaffold(tpl.id, { targetRepository: repo.url, variables: { MODULE: 'billing' } });
    const done = await settle(res.json().id);
    expect(done.status, done.statusMessage).toBe('completed');
    expect(files(repo.dir)).toEqual(['README.md', 'logo.png', 'src/billing/index.js']);
    expect(show(repo.dir, 'main:README.md')).toBe('# billing owned by platform\n');
    expect(show(repo.dir, 'main:src/billing/index.js')).toBe("export const name = 'billing';\n");
    const bytes = spawnSync('git', ['show', 'main:logo.png'], { cwd: repo.dir }).stdout;
    expect(Buffer.compare(bytes, png)).toBe(0);
  });

  it("reads a template repository whose HEAD names a missing branch (bare repo on master, pushed to main)", async () => {
    const bare = join(work, 'dangling-head-tpl.git');
    // The git helper sets init.defaultBranch=main; a later -c wins, so this bare repo's HEAD is master.
    git(['-c', 'init.defaultBranch=master', 'init', '--bare', '--quiet', bare]);
    const src = join(work, 'dangling-head-src');
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, 'hello-{{NAME}}.txt'), 'hi {{NAME}}\n');
    git(['init', '--quiet', src]);
    git(['add', '.'], src);
    git(['commit', '--quiet', '-m', 'template'], src);
    git(['push', '--quiet', bare, 'main'], src);
    const created = await t.app.inject({
      method: 'POST',
      url: base,
      headers: admin,
      payload: { name: uniq('dangling'), language: 'text', framework: 'none', repositoryUrl: pathToFileURL(bare).href, variables: [{ key: 'NAME', required: true }] },
    });
    expect(created.statusCode).toBe(201);
    const dry = await t.app.inject({ method: 'POST', url: `${base}/${created.json().id}/scaffold/dry-run`, headers: bearer(alice.token), payload: { targetRepository: 'https://example.com/x.git', variables: { NAME: 'abc' } } });
    expect(dry.statusCode).toBe(201);
    expect(dry.json().renderedFiles).toEqual(['hello-abc.txt']);
  });

  it('a variable value that makes a path leave the repository fails the request', async () => {
    const src = join(work, 'traversal-src');
    mkdirSync(join(src, '{{DIR}}'), { recursive: true });
    writeFileSync(join(src, '{{DIR}}', 'x.txt'), 'x');
    git(['init', '--quiet', src]);
    git(['add', '.'], src);
    git(['commit', '--quiet', '-m', 'template'], src);
    const tpl = (
      await t.app.inject({ method: 'POST', url: base, headers: admin, payload: { name: uniq('trav'), language: 'x', framework: 'x', repositoryUrl: pathToFileURL(src).href, variables: [{ key: 'DIR', required: true }] } })
    ).json();
    const repo = bareRepo('traversal-target');
    const dry = await t.app.inject({ method: 'POST', url: `${base}/${tpl.id}/scaffold/dry-run`, headers: bearer(alice.token), payload: { targetRepository: repo.url, variables: { DIR: '../..' } } });
    expect(expectError(dry, 400).message).toMatch(/leaves the repository/);
    const done = await settle((await scaffold(tpl.id, { targetRepository: repo.url, variables: { DIR: '../..' } })).json().id);
    expect(done.status).toBe('failed');
    expect(done.statusMessage).toMatch(/leaves the repository/);
    expect(git(['for-each-ref'], repo.dir).trim()).toBe('');
  });
});

describe('scaffold request visibility', () => {
  it('admins see all, others only their own (404 for someone else\'s)', async () => {
    const go = await builtin('go-service');
    const target = 'https://example.com/vis.git';
    const mine = (await t.app.inject({ method: 'POST', url: `${base}/${go.id}/scaffold/dry-run`, headers: bearer(bob.token), payload: { targetRepository: target, variables: { SERVICE_NAME: 'bobsvc' } } })).json();
    const first = (await t.app.inject({ method: 'POST', url: `${base}/${go.id}/scaffold/dry-run`, headers: bearer(bob.token), payload: { targetRepository: target, variables: { SERVICE_NAME: 'bobsvc2' } } })).json();

    const bobList = (await t.app.inject({ method: 'GET', url: '/api/v1/scaffold-requests', headers: bearer(bob.token) })).json();
    expect(bobList.total).toBe(2);
    expect(bobList.data.map((r: any) => r.id)).toEqual([first.id, mine.id]);
    expect(bobList.data.every((r: any) => r.requestedBy === bob.id)).toBe(true);

    const aliceList = (await t.app.inject({ method: 'GET', url: '/api/v1/scaffold-requests?take=100', headers: bearer(alice.token) })).json();
    expect(aliceList.data.some((r: any) => r.requestedBy === bob.id)).toBe(false);
    expect(aliceList.total).toBeGreaterThan(0);

    const adminList = (await t.app.inject({ method: 'GET', url: '/api/v1/scaffold-requests?take=100', headers: admin })).json();
    expect(adminList.total).toBe(aliceList.total + bobList.total);
    const page = (await t.app.inject({ method: 'GET', url: '/api/v1/scaffold-requests?skip=1&take=1', headers: bearer(bob.token) })).json();
    expect(page).toMatchObject({ total: 2, skip: 1, take: 1 });
    expect(page.data[0].id).toBe(mine.id);

    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/scaffold-requests/${mine.id}`, headers: bearer(alice.token) }), 404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/scaffold-requests/${mine.id}`, headers: admin })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/scaffold-requests/00000000-0000-4000-8000-000000000000', headers: admin }), 404);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/scaffold-requests/bad', headers: admin }), 400);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/scaffold-requests' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/scaffold-requests?take=0', headers: admin }), 400);
  });
});

describe('crash recovery', () => {
  it('requests left pending or in_progress are processed by the next process to start', async () => {
    const go = await builtin('go-service');
    const repoA = bareRepo('recovered-pending');
    const repoB = bareRepo('recovered-in-progress');
    const values = (url: string, name: string, status: 'pending' | 'in_progress') => ({
      templateId: go.id,
      templateName: go.name,
      targetRepository: url,
      variables: { SERVICE_NAME: name, PORT: '8080' },
      requestedBy: alice.id,
      status,
    });
    const rows = await t.database.db
      .insert(scaffoldRequests)
      .values([values(repoA.url, 'phoenix', 'pending'), values(repoB.url, 'lazarus', 'in_progress')])
      .returning();
    const second = await buildTestApp({}, db);
    try {
      for (const [row, repo, name] of [[rows[0]!, repoA, 'phoenix'], [rows[1]!, repoB, 'lazarus']] as const) {
        const done = await settle(row.id, second);
        expect(done.status, done.statusMessage).toBe('completed');
        expect(files(repo.dir)).toContain(`cmd/${name}/main.go`);
        expect(commits(repo.dir)).toBe(1);
      }
    } finally {
      await second.close();
    }
  });
});
