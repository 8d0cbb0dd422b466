import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { gitIn } from '../../helpers/git-repo.js';

/** A real git repository in the temp folder, served to the app through a file:// URL. */
export class Repo {
  readonly dir = mkdtempSync(join(tmpdir(), 'iacm-repo-'));
  readonly url = pathToFileURL(this.dir).href;
  constructor() {
    this.git('init', '--quiet', '-b', 'main');
  }
  git(...args: string[]) {
    return gitIn(this.dir, ...args);
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

export const VARIABLES_TF = `
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
export const OUTPUTS_TF = `
output "server_names" {
  description = "Names"
  value       = [for s in var.servers : upper(s.name)]
}
output "endpoint" {
  value = "https://\${var.region}.example.test"
}
`;
export const MAIN_TF = `
resource "null_resource" "x" {}
variable "name_prefix" {
  default = "hangar"
}
output "id" {
  value = null_resource.x.id
}
`;

export let t: TestApp;
export let auth: Record<string, string>;
export const repos: Repo[] = [];
export const newRepo = () => {
  const r = new Repo();
  repos.push(r);
  return r;
};
/** The app of the calling file; its afterAll removes the repositories made with newRepo. */
export function useSyncApp() {
  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer((await t.newUser('iacsync')).token);
  });
  afterAll(async () => {
    await t.close();
    for (const r of repos) r.remove();
    repos.length = 0;
  });
}

export const base = '/api/v1/iac-modules';
export const createModule = async (sourceRepoUrl: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: base,
    headers: auth,
    payload: { name: uniq('m'), provider: 'generic', engine: 'engine_a', sourceRepoUrl },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; updatedAt: string };
};
export const sync = (id: string) => t.app.inject({ method: 'POST', url: `${base}/${id}/sync`, headers: auth });
export const versions = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${base}/${id}/versions`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    version: string;
    variablesMeta: any[];
    outputsMeta: any[];
    moduleId: string;
    syncedAt: string;
  }[];
};
export const getModule = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `${base}/${id}`, headers: auth })).json();
