import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { gitRepos } from './git-repo.js';

// The fixture catalog is shaped like Backstage's own example catalog (packages/catalog-model/examples).
export const FIXTURES = join(import.meta.dirname, '../../fixtures/backstage');
export const ENTITY_FILES = walk(FIXTURES).filter(
  (f) => /\.ya?ml$/.test(f) && !f.startsWith('invalid/') && !f.endsWith('.oas.yaml'),
);
export const COMPONENT_ROWS = 17;

export function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [relative(FIXTURES, full)];
  });
}

export let t: TestApp;
export let admin: Record<string, string>;
// Made per test file: the module is shared between the files of a worker (isolate: false).
export let repos: ReturnType<typeof gitRepos>;
export const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin, payload });
export const registerYaml = (yaml: string) => inject('POST', '/api/v1/catalog/register-yaml', { yaml });
export const all = async (q = '') => (await inject('GET', `/api/v1/catalog/components?take=100${q}`)).json();
export const entity = async (ref: string) => inject('GET', `/api/v1/catalog/entities/${ref.replace(':', '/')}`);

/** The setup shared by the files split from catalog-backstage.test.ts (decision 1126): call at the top of each. */
export function useBackstageApp(): void {
  repos = gitRepos();
  beforeAll(async () => {
    t = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'true', CATALOG_REFRESH_INTERVAL_S: '0' });
    admin = bearer(await t.adminToken());
  });
  afterAll(async () => {
    await t?.close();
    repos.cleanup();
  });
}

/**
 * The catalog as catalog-backstage.test.ts leaves it after its first two tests: registered file by file
 * with register-yaml, then as one location from all.yaml (each entity then has the location as source).
 */
export async function registerExampleCatalog(): Promise<void> {
  for (const file of ENTITY_FILES) {
    const res = await registerYaml(readFileSync(join(FIXTURES, file), 'utf8'));
    expect(res.statusCode, `${file}: ${res.body}`).toBe(201);
  }
  const repo = repos.make({}, FIXTURES);
  const res = await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'all.yaml' });
  expect(res.statusCode, res.body).toBe(201);
}
