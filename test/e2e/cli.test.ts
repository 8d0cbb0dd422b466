import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniq, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/free-port.js';
import { oneLineError, REPO_ROOT as ROOT, run, runHangar, type RunOptions } from '../helpers/hangar-cli.js';
import { insertComponent } from '../helpers/rows.js';
import { gitRepos } from '../modules/catalog/git-repo.js';

/**
 * The `hangar` command line run as a process, as CI runs it (issue 32): its offline commands give
 * the server's own verdicts, its API commands work against a listening server with a token, and
 * every error path is one line with exit code 2.
 */
const EXAMPLES = join(ROOT, 'test/fixtures/backstage-examples');
const REAL = join(ROOT, 'test/modules/api-specs/real');

let t: TestApp;
let url: string;
let home: string;
let user: { token: string };
let admin: string;
const repos = gitRepos();

beforeAll(async () => {
  // Built once here: the processes below then start from the bundle, never racing to build it.
  const build = await run(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], tmpdir());
  expect(build.code, build.stderr).toBe(0);
  t = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'true', CATALOG_REFRESH_INTERVAL_S: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.adminToken();
  user = await t.newUser('cli');
  home = mkdtempSync(join(tmpdir(), 'hangar-cli-home-'));
});
afterAll(async () => {
  await t?.close();
  repos.cleanup();
  if (home) rmSync(home, { recursive: true, force: true });
});

const hangar = (args: string[], o: RunOptions = {}) => runHangar(args, home, o);
const as = (token: string) => ({ HANGAR_URL: url, HANGAR_TOKEN: token });

describe('usage', () => {
  it('--help on every command; usage errors exit 2 in one line', async () => {
    for (const cmd of [
      [],
      ['login'],
      ['catalog'],
      ['catalog', 'validate'],
      ['catalog', 'register'],
      ['api', 'diff'],
      ['api', 'check'],
      ['deploy', 'record'],
    ]) {
      const r = await hangar([...cmd, '--help']);
      expect(r.code, cmd.join(' ')).toBe(0);
      expect(r.stdout).toContain(`Usage: hangar${cmd.length ? ` ${cmd.join(' ')}` : ''}`);
    }
    expect(oneLineError(await hangar(['deploy', 'launch']), 2)).toContain("unknown command 'launch'");
    expect(oneLineError(await hangar(['api', 'diff', 'only-one.yaml']), 2)).toContain(
      "missing required argument 'new'",
    );
    expect(oneLineError(await hangar(['api', 'diff', 'a', 'b', '--fail-on', 'sometimes']), 2)).toContain('--fail-on');
    expect((await hangar(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('catalog validate', () => {
  it("gives the server's verdicts on Backstage's example catalog, as a location", async () => {
    const repo = repos.make({}, EXAMPLES);
    const server = await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/locations',
      headers: bearer(admin),
      payload: { url: repo.url, path: 'all.yaml' },
    });
    expect(server.statusCode, server.body).toBe(201);
    const cli = await hangar(['catalog', 'validate', 'all.yaml', '--format', 'json'], { cwd: repo.dir });
    expect(cli.code, cli.stderr).toBe(1);
    const out = JSON.parse(cli.stdout);
    const s = server.json();
    expect(out.files).toEqual(s.files);
    const refs = [...s.created, ...s.updated, ...s.unchanged].map((c: { entityRef: string }) => c.entityRef);
    // Groups and users are teams and people on the server; every component the server stored, the CLI read.
    for (const ref of refs) expect(out.entities.map((e: { ref: string }) => e.ref)).toContain(ref);
    const key = (e: { file: string | null; document: number | null; message: string }) =>
      `${e.file}#${e.document}: ${e.message}`;
    expect(out.problems.map(key).sort()).toEqual(s.errors.map(key).sort());
  });

  it("refuses a file exactly when the server's register-yaml refuses it", async () => {
    const files = [
      'components/artist-lookup-component.yaml',
      'components/invalid-component.yaml',
      'apis/petstore.oas.yaml',
      'acme/team-a-group.yaml',
      'systems/artist-engagement-portal-system.yaml',
    ];
    for (const file of files) {
      const server = await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/register-yaml',
        headers: bearer(admin),
        payload: { yaml: readFileSync(join(EXAMPLES, file), 'utf8') },
      });
      const cli = await hangar(['catalog', 'validate', join(EXAMPLES, file), '--json']);
      expect(cli.code === 1, `${file}: server ${server.statusCode}, cli ${cli.code} ${cli.stdout}`).toBe(
        server.statusCode === 400,
      );
      if (server.statusCode === 400) {
        // The same reason, in the same words: "document N: <reason>".
        const problem = JSON.parse(cli.stdout).problems[0];
        expect(server.json().message).toBe(`document ${problem.document}: ${problem.message}`);
      }
    }
  });

  it('annotates GitHub, validates folders and globs, and says what is wrong with a path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hangar-cli-catalog-'));
    mkdirSync(join(dir, 'svc'));
    writeFileSync(
      join(dir, 'svc/catalog-info.yaml'),
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ok-service\nspec:\n  type: service\n  owner: team-a\n  lifecycle: production\n',
    );
    writeFileSync(
      join(dir, 'catalog-info.yaml'),
      '# two documents\napiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: good\nspec: {type: service, owner: a, lifecycle: production}\n---\napiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: bad name\nspec: {type: service, owner: a, lifecycle: production}\n',
    );
    writeFileSync(join(dir, 'broken.yaml'), 'apiVersion: [unclosed\n');
    const github = await hangar(['catalog', 'validate', '.', '--format', 'github'], { cwd: dir });
    expect(github.code).toBe(1);
    // The line of the field the message names (metadata.name of the second document).
    expect(github.stdout).toMatch(
      /^::error file=catalog-info\.yaml,line=11,title=catalog-info::document 2: "metadata\.name" is not valid/m,
    );
    expect(github.stdout).toContain('invalid: 2 file(s), 2 entities, 1 error(s)');
    // Invalid YAML is a finding (exit 1) naming the document, as the server reports it.
    const broken = await hangar(['catalog', 'validate', 'broken.yaml'], { cwd: dir });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('broken.yaml:1: error: document 1: invalid YAML');
    expect((await hangar(['catalog', 'validate', 'svc/*.yaml'], { cwd: dir })).code).toBe(0);
    expect(oneLineError(await hangar(['catalog', 'validate', 'missing.yaml'], { cwd: dir }), 2)).toBe(
      'hangar: missing.yaml: no such file or folder',
    );
    expect(oneLineError(await hangar(['catalog', 'validate', 'nothing/*.yaml'], { cwd: dir }), 2)).toBe(
      'hangar: nothing/*.yaml: no file matches',
    );
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('api diff', () => {
  const base = join(REAL, 'oasdiff-enum-removed-entirely-base.yaml');
  const revision = join(REAL, 'oasdiff-enum-removed-entirely-revision.yaml');

  it("finds the breaking change of two real documents (exit 1), with the server's entries", async () => {
    const r = await hangar(['api', 'diff', base, revision, '--format', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ format: 'openapi', failOn: 'breaking', failed: true });
    expect(out.breakingChanges).toBeGreaterThan(0);
    // The same engine as the server's diff of the same two documents.
    const c = await insertComponent(t.database.db);
    const register = async (file: string, version: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/components/${c.id}/api-specs`,
        headers: bearer(admin),
        payload: { name: 'enum', version, spec: readFileSync(file, 'utf8') },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const older = await register(base, '1');
    const newer = await register(revision, '2');
    const server = (
      await t.app.inject({
        url: `/api/v1/api-specs/${newer}/diff?compareWith=${older}&take=1000`,
        headers: bearer(admin),
      })
    ).json();
    expect(out.entries).toEqual(server.entries);
    expect(out.summary).toEqual(server.summary);

    // --fail-on none passes the same diff; identical documents pass; the markdown is a PR comment.
    expect((await hangar(['api', 'diff', base, revision, '--fail-on', 'none'])).code).toBe(0);
    expect((await hangar(['api', 'diff', base, base])).code).toBe(0);
    const md = await hangar(['api', 'diff', base, revision, '--format', 'markdown']);
    expect(md.code).toBe(1);
    expect(md.stdout).toMatch(/^### API diff: \d+ breaking change/);
    expect(md.stdout).toContain('#### Breaking changes');
    expect(md.stdout).toContain('| Where | Change | Rule |');
    // The old document on stdin.
    const piped = await hangar(['api', 'diff', '-', revision, '--json'], { stdin: readFileSync(base, 'utf8') });
    expect(JSON.parse(piped.stdout).entries).toEqual(out.entries);
  });

  it('diffs Swagger 2.0 against OpenAPI 3.0 of the same Petstore', async () => {
    const r = await hangar([
      'api',
      'diff',
      join(REAL, 'petstore-swagger-2.0.json'),
      join(REAL, 'petstore-3.0.yaml'),
      '--fail-on',
      'none',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/change\(s\)/);
  });

  it('a missing file or invalid YAML is one line, exit 2', async () => {
    expect(oneLineError(await hangar(['api', 'diff', 'nope.yaml', revision]), 2)).toBe(
      'hangar: OLD nope.yaml: no such file',
    );
    const dir = mkdtempSync(join(tmpdir(), 'hangar-cli-api-'));
    writeFileSync(join(dir, 'bad.yaml'), 'openapi: 3.0.0\ninfo: [unclosed\n');
    expect(oneLineError(await hangar(['api', 'diff', base, join(dir, 'bad.yaml')]), 2)).toMatch(
      /^hangar: new spec .*bad\.yaml: /,
    );
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('against a server', () => {
  it('login stores the URL and token (0600); deploy record then sends events with them', async () => {
    const login = await hangar(['login', '--url', `${url}/api/v1/`, '--token', user.token]);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`logged in to ${url} as`);
    const file = join(home, '.config/hangar/config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ url, token: user.token });

    const component = await insertComponent(t.database.db, { name: uniq('cli-svc') });
    const env = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: bearer(admin),
      payload: { name: uniq('prod'), type: 'production' },
    });
    const envName = env.json().name as string;
    const ci = {
      GITHUB_ACTIONS: 'true',
      GITHUB_RUN_ID: '4242',
      GITHUB_RUN_ATTEMPT: '2',
      GITHUB_SHA: '9fceb02d0ae598e95dc970b74767f19372d61af8',
      GITHUB_REPOSITORY: 'acme/shop',
    };
    const record = (status: string, extra: string[] = []) =>
      hangar(
        ['deploy', 'record', '--component', component.name, '--environment', envName, '--status', status, ...extra],
        { env: ci },
      );
    const started = await record('started', ['--version', '2.4.1']);
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toMatch(/^created deployment [0-9a-f-]{36}: /);
    const done = await record('succeeded', ['--json']);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({
      outcome: 'moved',
      deployment: {
        status: 'succeeded',
        source: 'github-actions',
        externalId: `4242-2:${component.name}:${envName}`,
        revision: '9fceb02d0ae598e95dc970b74767f19372d61af8',
        url: 'https://github.com/acme/shop/actions/runs/4242',
        version: '2.4.1',
      },
    });
    // A refused move is the server's one line, exit 2.
    expect(oneLineError(await record('started'), 2)).toContain('it cannot move to started');
    // HANGAR_URL/HANGAR_TOKEN override the stored login.
    const wrong = await hangar(
      [
        'deploy',
        'record',
        '--component',
        component.name,
        '--environment',
        envName,
        '--status',
        'failed',
        '--external-id',
        'x',
        '--version',
        '1',
      ],
      {
        env: { HANGAR_TOKEN: 'not-a-token' },
      },
    );
    expect(oneLineError(wrong, 2)).toContain('refused the token');
  });

  it('api check diffs against the newest spec registered for the entity; catalog register registers a file', async () => {
    const c = await insertComponent(t.database.db, { name: uniq('check') });
    const base = readFileSync(join(REAL, 'oasdiff-enum-removed-entirely-base.yaml'), 'utf8');
    const reg = await t.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/components/${c.id}/api-specs`,
      headers: bearer(admin),
      payload: { name: 'api', version: '1', spec: base },
    });
    expect(reg.statusCode).toBe(201);
    const check = await hangar(
      [
        'api',
        'check',
        '--component',
        `component:default/${c.name}`,
        join(REAL, 'oasdiff-enum-removed-entirely-revision.yaml'),
      ],
      {
        env: as(user.token),
      },
    );
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain('api@1 →');
    expect(
      (await hangar(['api', 'check', '--component', c.name, '-'], { env: as(user.token), stdin: base })).code,
    ).toBe(0);
    expect(
      oneLineError(
        await hangar(['api', 'check', '--component', 'no-such', '-'], { env: as(user.token), stdin: base }),
        2,
      ),
    ).toContain('404');

    const dir = mkdtempSync(join(tmpdir(), 'hangar-cli-register-'));
    const name = uniq('registered');
    writeFileSync(
      join(dir, 'catalog-info.yaml'),
      `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\nspec: {type: service, owner: a, lifecycle: production}\n`,
    );
    const registered = await hangar(['catalog', 'register', join(dir, 'catalog-info.yaml')], { env: as(admin) });
    expect(registered.code, registered.stderr).toBe(0);
    expect(registered.stdout).toContain(`created component:default/${name}`);
    expect(
      (await hangar(['catalog', 'register', join(dir, 'catalog-info.yaml')], { env: as(admin) })).stdout,
    ).toContain(`unchanged component:default/${name}`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a CI job records deployments with a service account token; a read-only token is refused', async () => {
    // The CI use case of issues 31 and 32: no person's password or refresh token in the pipeline.
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/service-accounts',
      headers: bearer(admin),
      payload: { name: uniq('ci-deployer').toLowerCase(), description: 'GitHub Actions deploy job' },
    });
    expect(account.statusCode, account.body).toBe(201);
    const mint = async (scope: 'read' | 'write') => {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/v1/auth/service-accounts/${account.json().id}/tokens`,
        headers: bearer(admin),
        payload: { name: `deploy ${scope}`, expiresInDays: 30, scope },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().token as string;
    };
    const writeToken = await mint('write');
    expect(writeToken).toMatch(/^hgr_pat_[0-9A-Za-z]{40}$/);
    const component = await insertComponent(t.database.db, { name: uniq('sa-svc') });
    const env = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: bearer(admin),
      payload: { name: uniq('stage'), type: 'staging' },
    });
    const args = [
      'deploy',
      'record',
      '--component',
      component.name,
      '--environment',
      env.json().name as string,
      '--external-id',
      uniq('run'),
    ];
    const recorded = await hangar([...args, '--status', 'succeeded', '--version', '3.1.0', '--json'], {
      env: as(writeToken),
    });
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(JSON.parse(recorded.stdout)).toMatchObject({ deployment: { status: 'succeeded', version: '3.1.0' } });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/deployments?componentId=${component.id}`,
      headers: bearer(writeToken),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('3.1.0');

    const readOnly = await hangar([...args, '--status', 'failed', '--version', '3.1.0'], {
      env: as(await mint('read')),
    });
    expect(oneLineError(readOnly, 2)).toContain('403');
  });

  it('no token, a server that is down, a missing file: one line each, exit 2', async () => {
    const noLogin = { HOME: mkdtempSync(join(tmpdir(), 'hangar-cli-empty-')) };
    const args = [
      'deploy',
      'record',
      '--component',
      'a',
      '--environment',
      'b',
      '--status',
      'started',
      '--external-id',
      'x',
      '--version',
      '1',
    ];
    expect(oneLineError(await hangar(args, { env: noLogin }), 2)).toContain('not logged in');
    const down = `http://127.0.0.1:${await freePort()}`;
    expect(oneLineError(await hangar(args, { env: { ...noLogin, HANGAR_URL: down, HANGAR_TOKEN: 't' } }), 2)).toBe(
      `hangar: cannot reach Hangar at ${down}: connection refused`,
    );
    expect(oneLineError(await hangar(['catalog', 'register', 'no-such-file.yaml'], { env: as(admin) }), 2)).toBe(
      'hangar: no-such-file.yaml: no such file',
    );
    expect(
      oneLineError(
        await hangar(
          ['deploy', 'record', '--component', 'a', '--environment', 'b', '--status', 'started', '--version', '1'],
          { env: as(admin) },
        ),
        2,
      ),
    ).toContain('--external-id is required');
  });
});
