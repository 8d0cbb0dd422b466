import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, uniq } from '../helpers/app.js';
import { freePort } from '../helpers/free-port.js';
import { oneLineError } from '../helpers/hangar-cli.js';
import { insertComponent } from '../helpers/rows.js';
import { admin, as, hangar, home, REAL, t, url, user } from './cli-setup.js';

/**
 * The `hangar` command line's API commands against a listening server with a token, as CI runs
 * them (issue 32): every error path is one line with exit code 2.
 */
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
