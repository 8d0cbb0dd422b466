import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, portalFixture, type PortalFixture, type PortalServer } from './helpers/index.js';

/**
 * Create a service (gallery, form, dry-run preview, live progress, into a real bare git repository,
 * then the new component in the catalog). One server and one browser for the file. The deployments
 * pages are in deployments.test.ts.
 */
let portal: PortalFixture;
let server: PortalServer;
let token: string;
const work = mkdtempSync(join(tmpdir(), 'hangar-browser-scaffold-'));
const SERVICE = 'orders-api';
let target: string;
/** Set by the scaffold test, used by the later ones. */
const made: { previewUrl?: string; progressUrl?: string; componentId?: string } = {};
/** One signed-in page per look, shared by the tests: light on desktop, dark on mobile. */
let light: Page;
let dark: Page;

beforeAll(async () => {
  portal = await portalFixture();
  ({ server, token } = portal);
  const bare = join(work, `${SERVICE}.git`);
  const init = spawnSync('git', ['init', '--quiet', '--bare', bare], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`git init failed: ${init.stderr}`);
  target = pathToFileURL(bare).href;
  ({ light, dark } = await portal.lightAndDark());
});
afterAll(async () => {
  await portal?.close();
  rmSync(work, { recursive: true, force: true });
});

const templateLinks = (page: Page) => page.getByRole('region', { name: /templates?$/ }).getByRole('link');

describe('Create a service', () => {
  it('the gallery filters by language and tag, in the URL; axe in both themes', async () => {
    const page = light;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Create a service', level: 1 }).waitFor();
    await expect.poll(() => templateLinks(page).count()).toBe(4);
    await expectAccessible(page, 'template gallery (light, desktop)');

    await page.getByRole('combobox', { name: 'Tag' }).selectOption('backend');
    await expect.poll(() => templateLinks(page).count()).toBe(2);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('go');
    await expect.poll(() => templateLinks(page).allTextContents()).toEqual(['go-service']);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ tag: 'backend', language: 'go' });

    await dark.goto('/create?language=python');
    await expect.poll(() => templateLinks(dark).allTextContents()).toEqual(['python-worker']);
    await expectAccessible(dark, 'template gallery (dark, mobile)');
  });

  it('checks values as they are typed, shows the server’s 400 on its field, previews the files, then creates into a git repository and links the new catalog entity', async () => {
    const page = light;
    await page.goto('/create?language=go');
    await templateLinks(page).getByText('go-service').click();
    await page.getByRole('heading', { name: 'Create a service from go-service', level: 1 }).waitFor();
    await expectAccessible(page, 'create form (light, desktop)');

    const name = page.getByRole('textbox', { name: 'Service name (required)' });
    const repo = page.getByRole('textbox', { name: 'Target repository (required)' });
    const create = page.getByRole('button', { name: 'Create service' });
    expect(await create.isDisabled()).toBe(true);

    // Checked as typed, against the variable's pattern.
    await name.fill('Orders');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Must match ^[a-z][a-z0-9-]{1,62}$').waitFor();
    await name.fill(SERVICE);
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe(null);

    // A URL the form accepts but the server refuses: its 400 detail lands on the field it names.
    await repo.fill('ftp://git.example.com/orders.git');
    await page.getByRole('button', { name: 'Preview files' }).click();
    await page.getByText(/^Has unsupported scheme "ftp"/).waitFor();
    await expect.poll(() => repo.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => repo.evaluate((el) => el === document.activeElement)).toBe(true);

    // The dry run: the file tree and any file's content, nothing written yet.
    await repo.fill(target);
    await expect.poll(() => repo.getAttribute('aria-invalid')).toBe(null);
    await page.getByRole('button', { name: 'Preview files' }).click();
    await page.getByRole('heading', { name: /^Preview: \d+ files$/ }).waitFor();
    const files = page.getByRole('navigation', { name: 'Rendered files' });
    await files.getByRole('button', { name: 'main.go' }).click();
    const content = page.getByRole('region', { name: `Content of cmd/${SERVICE}/main.go` });
    await content.getByText(SERVICE).first().waitFor();
    expect(await content.locator('code').textContent()).not.toContain('{{SERVICE_NAME}}');
    expect(
      spawnSync('git', ['--git-dir', join(work, `${SERVICE}.git`), 'rev-parse', '--verify', '--quiet', 'main']).status,
    ).not.toBe(0);
    made.previewUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await expectAccessible(page, 'preview (light, desktop)');

    // Changing a value makes the preview stale: create waits for a new one.
    await page.getByRole('textbox', { name: 'Port' }).fill('9090');
    await expect.poll(() => create.isDisabled()).toBe(true);
    await page
      .getByRole('button', { name: 'Preview again' })
      .or(page.getByRole('button', { name: 'Preview files' }))
      .click();
    await expect.poll(() => create.isDisabled()).toBe(false);

    await create.click();
    await page.getByRole('heading', { name: `Creating ${SERVICE}` }).waitFor();
    await page.getByRole('heading', { name: 'Your service is ready' }).waitFor({ timeout: 30_000 });
    made.progressUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    const log = spawnSync('git', ['--git-dir', join(work, `${SERVICE}.git`), 'show', `main:cmd/${SERVICE}/main.go`], {
      encoding: 'utf8',
    });
    expect(log.status).toBe(0);
    expect(log.stdout).toContain('9090');

    await page.getByRole('link', { name: `Open ${SERVICE} in the catalog` }).click();
    await page.getByRole('heading', { name: SERVICE, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/catalog/component/default/${SERVICE}`);
    const requests = await server.api('GET', '/api/v1/scaffold-requests', undefined, token);
    made.componentId =
      (requests.body.data as { dryRun: boolean; componentId: string | null }[]).find((r) => !r.dryRun)?.componentId ??
      undefined;
    expect(made.componentId).toBeTruthy();
  });

  it('the preview and the progress pages reload from their URL; axe in dark on mobile', async () => {
    expect(made.previewUrl && made.progressUrl).toBeTruthy();
    const page = dark;
    await page.goto(made.previewUrl!);
    await page.getByRole('heading', { name: /^Preview: \d+ files$/ }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Service name (required)' }).inputValue()).toBe(SERVICE);
    await page
      .getByRole('region', { name: /^Content of / })
      .locator('code')
      .waitFor();
    await expectAccessible(page, 'preview (dark, mobile)');

    await page.goto(made.progressUrl!);
    await page.getByRole('heading', { name: 'Your service is ready' }).waitFor();
    await expectAccessible(page, 'scaffold progress (dark, mobile)');
    // An address that names no template: said as the page's h1, with the way back (decision 791).
    await page.goto('/create/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'No template with this id' }).waitFor();
    await page.getByRole('link', { name: 'All templates' }).click();
    await page.waitForURL((url) => url.pathname === '/create');
  });
});
