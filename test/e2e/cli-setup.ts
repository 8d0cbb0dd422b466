import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { REPO_ROOT as ROOT, run, runHangar, type RunOptions } from '../helpers/hangar-cli.js';
import { gitRepos } from '../modules/catalog/git-repo.js';

/**
 * The shared setup of the `hangar` command line's end-to-end files (cli-offline, cli-server): the
 * bundle built once and one listening server per file, an admin and a user, and a HOME of its own
 * for the stored login (decision 1201).
 */
export const EXAMPLES = join(ROOT, 'test/fixtures/backstage-examples');
export const REAL = join(ROOT, 'test/modules/api-specs/real');

export let t: TestApp;
export let url: string;
export let home: string;
export let user: { token: string };
export let admin: string;
export const repos = gitRepos();

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

export const hangar = (args: string[], o: RunOptions = {}) => runHangar(args, home, o);
export const as = (token: string) => ({ HANGAR_URL: url, HANGAR_TOKEN: token });
