import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, uniq, type TestApp } from '../../helpers/app.js';

export let db: Awaited<ReturnType<typeof createTestDatabase>>;
export let t: TestApp;
export let noFiles: TestApp;
export let admin: Record<string, string>;
/** The file's temporary folder, made per test file (the module is shared between files of a worker). */
export let tmp: string;

export function git(cwd: string, ...args: string[]) {
  const res = spawnSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args],
    {
      cwd,
      encoding: 'utf8',
    },
  );
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout;
}

/** A repository with `files` committed on main; returns its file:// URL. */
export function makeRepo(files: Record<string, string>, branches: Record<string, Record<string, string>> = {}) {
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

export const doc = (name: string, type = 'service') =>
  `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\nspec:\n  type: ${type}\n  lifecycle: production\n  owner: team-x\n`;

export const locate = (payload: object, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/v1/catalog/locations', headers: admin, payload });

/** The setup shared by the files split from catalog-locations.test.ts (decision 1126): call at the top of each. */
export function useLocationsApp(): void {
  tmp = mkdtempSync(join(tmpdir(), 'hangar-catalog-test-'));
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
}
