import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer } from '../helpers/app.js';
import { oneLineError } from '../helpers/hangar-cli.js';
import { insertComponent } from '../helpers/rows.js';
import { admin, EXAMPLES, hangar, REAL, repos, t } from './cli-setup.js';

/**
 * The `hangar` command line run as a process, as CI runs it (issue 32): its usage, and its offline
 * commands giving the server's own verdicts (cli-server.test.ts: the commands that call the API).
 */
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
