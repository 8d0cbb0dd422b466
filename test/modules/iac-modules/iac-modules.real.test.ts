import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { gitIn } from '../../helpers/git-repo.js';

/**
 * Real Terraform modules (issue 9): repositories generated in the shape of terraform-aws-vpc (many
 * tags, dozens of variables, *.tf.json files) with an old tag in pre-0.12 syntax that fails to
 * parse, pre-release and non-semver tags, as Azure's AKS module has.
 */
const INGEST = 'iac-ingest-token-for-real-modules';
const root = mkdtempSync(join(tmpdir(), 'iacm-real-'));

const git = gitIn;

/** `variables.tf` with `n` variables in the style of terraform-aws-vpc (types, defaults, validations). */
function vpcVariables(n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(`variable "setting_${String(i).padStart(3, '0')}" {
  description = "Setting ${i} of the VPC"
  type        = ${i % 3 === 0 ? 'list(string)' : i % 3 === 1 ? 'map(string)' : 'string'}
  default     = ${i % 3 === 0 ? '[]' : i % 3 === 1 ? '{}' : `"value-${i}"`}
}`);
  }
  out.push(`variable "cidr" {
  description = "The IPv4 CIDR block for the VPC"
  type        = string
  default     = "10.0.0.0/16"
  nullable    = false
  validation {
    condition     = can(cidrhost(var.cidr, 0))
    error_message = "Must be a valid CIDR."
  }
  validation {
    condition     = !startswith(var.cidr, "0.")
    error_message = "Must not start with 0."
  }
}
variable "secret_token" {
  type      = string
  sensitive = true
  default   = null
}`);
  return out.join('\n');
}

const TF_JSON = JSON.stringify({
  variable: { azs: { type: 'list(string)', description: 'Availability zones', default: [] } },
  output: { vpc_id: { value: '${aws_vpc.this[0].id}', description: 'The ID of the VPC' } },
});

/** Terraform 0.11: a quoted string split over lines is an error for HCL 2. */
const PRE_012 = `variable "name" {
  description = "Name to be used on all the resources
    as identifier"
  default = ""
}
`;

let t: TestApp;
let auth: Record<string, string>;
let vpc: { dir: string; url: string; semverTags: string[] };

function makeVpcRepo(): typeof vpc {
  const dir = join(root, 'terraform-aws-vpc');
  git(root, 'init', '--quiet', '-b', 'master', dir);
  writeFileSync(join(dir, 'main.tf'), PRE_012);
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '-m', 'legacy');
  git(dir, 'tag', 'v1.0.0');
  git(dir, 'rm', '--quiet', 'main.tf');
  const semverTags = ['v1.0.0'];
  for (let i = 1; i <= 24; i++) {
    const tag = `v2.${i}.0`;
    writeFileSync(join(dir, 'variables.tf'), vpcVariables(40 + i));
    writeFileSync(join(dir, 'outputs.tf'), 'output "vpc_arn" {\n  value = aws_vpc.this[0].arn\n}\n');
    writeFileSync(join(dir, 'extra.tf.json'), TF_JSON);
    git(dir, 'add', '--all');
    git(dir, 'commit', '--quiet', '-m', tag);
    git(dir, 'tag', tag);
    semverTags.push(tag);
  }
  for (const tag of ['v3.0.0-rc.1', '3.0.0-beta']) {
    git(dir, 'commit', '--quiet', '--allow-empty', '-m', tag);
    git(dir, 'tag', tag);
    semverTags.push(tag);
  }
  for (const tag of ['latest', 'release-2019', 'v2', '2.1']) git(dir, 'tag', tag);
  return { dir, url: pathToFileURL(dir).href, semverTags };
}

beforeAll(async () => {
  vpc = makeVpcRepo();
  t = await buildTestApp({ IAC_INGEST_TOKEN: INGEST, IAC_SYNC_CONCURRENCY: '4', HCL_WORKERS: '2' });
  auth = bearer((await t.newUser('iacreal')).token);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const base = '/api/v1/iac-modules';
const create = (sourceRepoUrl: string) =>
  t.app.inject({
    method: 'POST',
    url: base,
    headers: auth,
    payload: { name: uniq('vpc'), provider: 'cloud_a', engine: 'engine_a', sourceRepoUrl },
  });

describe('a module shaped like terraform-aws-vpc', () => {
  let id: string;
  let first: any;
  let healthWorst = 0;

  it('stores every readable tag, records the pre-0.12 one, ignores non-semver tags, stays responsive', async () => {
    const created = await create(vpc.url);
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    let syncing = true;
    const probe = (async () => {
      // HCL is parsed in worker threads: the event loop keeps answering while a big sync runs.
      while (syncing) {
        const started = performance.now();
        expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
        healthWorst = Math.max(healthWorst, performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const res = await t.app.inject({ method: 'POST', url: `${base}/${id}/sync`, headers: auth });
    syncing = false;
    await probe;
    expect(res.statusCode, res.body).toBe(200);
    first = res.json();
    expect(first.newVersions).toBe(vpc.semverTags.length - 1);
    expect(first.latestVersion).toBe('v3.0.0-rc.1');
    expect(first.failedVersions).toHaveLength(1);
    expect(first.failedVersions[0]).toEqual({ version: 'v1.0.0', error: expect.stringContaining('main.tf') });
    expect(first.failedVersions[0].error).toMatch(/multi-line string/i);
    expect(healthWorst).toBeLessThan(1000);
    const mod = (await t.app.inject({ url: `${base}/${id}`, headers: auth })).json();
    expect(mod.failedVersions).toEqual(first.failedVersions);
  }, 120_000);

  it('keeps every validation block, sensitive and nullable, and reads *.tf.json', async () => {
    const list = (await t.app.inject({ url: `${base}/${id}/versions`, headers: auth })).json() as any[];
    expect(list.map((v) => v.version)).toEqual([
      'v3.0.0-rc.1',
      '3.0.0-beta',
      ...vpc.semverTags.filter((v) => v.startsWith('v2.')).reverse(),
    ]);
    const v224 = list.find((v) => v.version === 'v2.24.0');
    expect(v224.variablesMeta).toHaveLength(64 + 3);
    const byName = Object.fromEntries(v224.variablesMeta.map((v: any) => [v.name, v]));
    expect(byName.cidr).toMatchObject({
      nullable: false,
      sensitive: false,
      validation: { condition: 'can(cidrhost(var.cidr, 0))', errorMessage: 'Must be a valid CIDR.' },
      validations: [
        { condition: 'can(cidrhost(var.cidr, 0))', errorMessage: 'Must be a valid CIDR.' },
        { condition: '!startswith(var.cidr, "0.")', errorMessage: 'Must not start with 0.' },
      ],
    });
    expect(byName.secret_token).toMatchObject({ sensitive: true, nullable: true, default: 'null' });
    expect(byName.azs).toMatchObject({
      type: 'list(string)',
      description: 'Availability zones',
      default: '[]',
      required: false,
    });
    expect(v224.outputsMeta.map((o: any) => o.name)).toEqual(['vpc_arn', 'vpc_id']);
    expect(v224.outputsMeta[1]).toMatchObject({ value: 'aws_vpc.this[0].id', description: 'The ID of the VPC' });
  });

  it('pages the versions with optional skip/take; without them, the whole list', async () => {
    const all = (await t.app.inject({ url: `${base}/${id}/versions`, headers: auth })).json() as any[];
    const page = await t.app.inject({ url: `${base}/${id}/versions?skip=2&take=5`, headers: auth });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(all.length));
    expect((page.json() as any[]).map((v) => v.version)).toEqual(all.slice(2, 7).map((v) => v.version));
    expect((await t.app.inject({ url: `${base}/${id}/versions?take=3`, headers: auth })).json()).toHaveLength(3);
    expect((await t.app.inject({ url: `${base}/${id}/versions?skip=25`, headers: auth })).json()).toHaveLength(
      all.length - 25,
    );
    expectError(await t.app.inject({ url: `${base}/${id}/versions?take=0`, headers: auth }), 400);
    expectError(await t.app.inject({ url: `${base}/${id}/versions?take=101`, headers: auth }), 400);
    expectError(await t.app.inject({ url: `${base}/${id}/versions?skip=-1`, headers: auth }), 400);
  });

  it('a second sync is idempotent and does not clone the failed tag again', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base}/${id}/sync`, headers: auth });
    expect(res.json()).toEqual({ newVersions: 0, latestVersion: 'v3.0.0-rc.1', failedVersions: first.failedVersions });
  });
});

describe('drift for a module whose tags could not be read', () => {
  it('does not claim versionsBehind 0', async () => {
    const dir = join(root, 'legacy-only');
    git(root, 'init', '--quiet', '-b', 'main', dir);
    writeFileSync(join(dir, 'main.tf'), PRE_012);
    git(dir, 'add', '--all');
    git(dir, 'commit', '--quiet', '-m', 'legacy');
    for (const tag of ['v1.0.0', 'v1.1.0', 'v2.0.0']) git(dir, 'tag', tag);
    const url = pathToFileURL(dir).href;
    const created = await create(url);
    const synced = (
      await t.app.inject({ method: 'POST', url: `${base}/${created.json().id}/sync`, headers: auth })
    ).json();
    expect(synced).toMatchObject({ newVersions: 0, latestVersion: null });
    expect(synced.failedVersions.map((f: any) => f.version)).toEqual(['v2.0.0', 'v1.1.0', 'v1.0.0']);
    const name = uniq('legacy-drift');
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/iac/module-drift/ingest',
      headers: bearer(INGEST),
      payload: {
        modules: [
          { stackPath: 'stacks/a', moduleName: name, sourceUrl: url, currentRef: 'v1.0.0', latestRef: 'v2.0.0' },
        ],
      },
    });
    expect(ingest.statusCode, ingest.body).toBe(201);
    const drift = ((await t.app.inject({ url: '/api/v1/iac/module-drift', headers: auth })).json() as any[]).find(
      (d) => d.moduleName === name,
    );
    expect(drift.versionsBehind).toBeGreaterThan(0);
  });
});

describe('SSRF: module sources may not reach internal addresses', () => {
  it.each([
    'http://127.0.0.1:PORT/vpc.git',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.8/vpc.git',
    'git@192.168.1.10:org/vpc.git',
  ])('refuses %s with 400 before any network call', async (template) => {
    let hits = 0;
    const srv = net.createServer((s) => (hits++, s.destroy()));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const url = template.replace('PORT', String((srv.address() as net.AddressInfo).port));
    try {
      const res = await create(url);
      expect(expectError(res, 400).message).toMatch(/^sourceRepoUrl may not point to/);
      const ok = await create('https://git.example.test/vpc.git');
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `${base}/${ok.json().id}`,
        headers: auth,
        payload: { sourceRepoUrl: url },
      });
      expectError(patch, 400);
      expect(hits).toBe(0);
    } finally {
      srv.close();
    }
  });
});
