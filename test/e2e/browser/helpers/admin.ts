import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ADMIN, launchBrowser, signIn, startPortalServer, type PortalBrowser, type PortalServer } from './index.js';

/** The administration pages (routes/admin) in Chromium against a real server: admins only (decision 780). */
export let server: PortalServer;
export let pb: PortalBrowser;
// Made per test file: the browser group's workers keep their modules between files (isolate: false).
export let repoDir: string;
export const CASEY = { username: 'casey', email: 'casey@hangar.test', password: 'Casey-Passw0rd' };
export const DANA = { username: 'dana', email: 'dana@hangar.test', password: 'Dana-Passw0rd1' };
export const SECRET = 'cci-secret-token-5f2b9c1e7d';

export const asAdmin = async (path: string, opts: Parameters<PortalBrowser['newPage']>[0] = {}) => {
  const { context, page } = await pb.newPage(opts);
  await signIn(page, ADMIN, path);
  return { context, page };
};
export const dialog = (page: Page) => page.getByRole('dialog');

/** The server, browser and seeded data of admin.test.ts: call at the top of the file. */
export function useAdminPortal(): void {
  repoDir = mkdtempSync(join(tmpdir(), 'hangar-admin-location-'));
  beforeAll(async () => {
    // A git repository with one valid component and one document Backstage refuses (a reported problem).
    mkdirSync(repoDir, { recursive: true });
    writeFileSync(
      join(repoDir, 'catalog-info.yaml'),
      [
        'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: admin-located }\nspec: { type: service, lifecycle: production, owner: platform }',
        'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: "Not A Valid Name!" }\nspec: { type: service, lifecycle: production, owner: platform }',
      ].join('\n---\n'),
    );
    const git = (...args: string[]) => {
      const res = spawnSync(
        'git',
        ['-c', 'user.name=Test', '-c', 'user.email=test@hangar.test', '-c', 'init.defaultBranch=main', ...args],
        { cwd: repoDir },
      );
      if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
    };
    git('init', '--quiet');
    git('add', '--all');
    git('commit', '--quiet', '-m', 'catalog');

    server = await startPortalServer({ GIT_ALLOW_FILE_URLS: 'true', CATALOG_REFRESH_INTERVAL_S: '0' });
    for (const u of [CASEY, DANA]) {
      const res = await server.api('POST', '/api/v1/auth/register', { ...u, displayName: u.username });
      if (res.status !== 201) throw new Error(`register ${u.username}: ${res.status}`);
    }
    pb = await launchBrowser(server);
  });
  afterAll(async () => {
    await pb?.close();
    await server?.stop();
    rmSync(repoDir, { recursive: true, force: true });
  });
}
