import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  expectAccessible,
  launchBrowser,
  settled,
  signIn,
  startPortalServer,
  type PortalBrowser,
  type PortalServer,
} from './helpers/index.js';

/**
 * Pipelines in the portal against a real server: the list and search, the editor with the server's
 * field errors, a trigger whose script prints 100,000 lines arriving live (follow mode, search, ANSI
 * colour), approval by an admin, no actions for a non-admin, axe in both themes.
 */
let server: PortalServer;
let pb: PortalBrowser;
let token: string;
const READER = { username: 'pipe-reader', email: 'pipe-reader@hangar.test', password: 'Reader-Passw0rd-1' };
const LINES = 100_000;
let flood: { id: string };
let gated: { id: string };

async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await server.api<T>(method, path, body, token);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  // Script stages as the server's own user: the test runs as root in CI and as a plain user elsewhere.
  server = await startPortalServer({ PIPELINE_STAGE_USER: 'server' });
  token = await server.adminToken();
  const reader = await server.api('POST', '/api/v1/auth/register', READER);
  if (reader.status !== 201)
    throw new Error(`registering the reader failed: ${reader.status} ${JSON.stringify(reader.body)}`);
  flood = await api('POST', '/api/v1/pipelines', {
    name: 'flood-logs',
    description: 'prints a hundred thousand lines',
    stages: [
      {
        id: 'flood',
        type: 'script',
        // A second's pause so the page is open before the first line; one red line; then the flood.
        config: { command: `sleep 1; printf '\\033[31mred alert\\033[0m\\n'; seq 1 ${LINES} | sed 's/^/line /'` },
      },
    ],
  });
  gated = await api('POST', '/api/v1/pipelines', {
    name: 'gated-release',
    description: 'waits for an admin',
    stages: [
      { id: 'gate', name: 'Sign-off', type: 'approval', config: { message: 'ship it?' } },
      { id: 'ship', type: 'script', config: { command: 'echo shipped' } },
    ],
  });
  pb = await launchBrowser(server);
}, 120_000);
afterAll(async () => {
  await pb?.close();
  await server?.stop();
});

async function signedIn(
  path: string,
  opts: Parameters<PortalBrowser['newPage']>[0] = {},
  user: { username: string; password: string } = ADMIN,
) {
  const { context, page } = await pb.newPage(opts);
  await signIn(page, user, path);
  return { context, page };
}

const waitingRun = async () => {
  const run = await api<{ id: string }>('POST', `/api/v1/pipelines/${gated.id}/trigger`, {});
  await expect
    .poll(async () => (await api<{ status: string }>('GET', `/api/v1/pipelines/${gated.id}/runs/${run.id}`)).status, {
      timeout: 20_000,
    })
    .toBe('waiting_approval');
  return run;
};

const logRegion = (page: Page) => page.getByRole('region', { name: 'Run log' });

describe('pipelines', () => {
  it('lists and searches pipelines; the editor shows the server’s 400 on the field it names, then saves', async () => {
    const { context, page } = await signedIn('/pipelines');
    await page.getByRole('heading', { name: 'Pipelines', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Pipelines' });
    await table.getByRole('link', { name: 'flood-logs' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search pipelines' }).fill('admin');
    await expect.poll(() => table.getByRole('link').allTextContents()).toEqual(['gated-release']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('admin');

    await page.getByRole('link', { name: 'New pipeline' }).click();
    await page.getByRole('heading', { name: 'New pipeline', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('image-build');
    await page.getByLabel('New stage type').selectOption('build');
    await page.getByRole('button', { name: 'Add stage' }).click();
    await page.getByLabel('Push the image').check();
    await page.getByRole('button', { name: 'Create pipeline' }).click();
    // The server refuses the missing tag; the problem is shown on the Tag field.
    const tag = page.getByLabel('Tag (required)');
    await expect.poll(() => tag.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('is required').first().waitFor();
    await tag.fill('app:{{version}}');
    await page.getByLabel('Registry (required)').fill('registry.example.test/team');
    await page.getByRole('button', { name: 'Create pipeline' }).click();
    await page.getByRole('heading', { name: 'image-build', level: 1 }).waitFor();
    await page.getByText('tag: app:{{version}}', { exact: false }).waitFor();
    await context.close();
  });

  it(`triggers with version and commit and shows ${LINES.toLocaleString('en-US')} lines arriving live: follow mode, search, ANSI colour`, async () => {
    const { context, page } = await signedIn(`/pipelines/${flood.id}`);
    await page.getByRole('heading', { name: 'flood-logs', level: 1 }).waitFor();
    await page.getByLabel('Version', { exact: true }).fill('1.2.3');
    await page.getByLabel('Commit', { exact: true }).fill('abc1234');
    await page.getByRole('button', { name: 'Trigger run' }).click();
    await page.getByRole('heading', { name: /^Run / }).waitFor();
    // The page is open before the run has printed anything: the lines come live.
    expect(await logRegion(page).getByText(`line ${LINES}`, { exact: true }).count()).toBe(0);
    await page.getByText('1.2.3').waitFor();
    await page.getByText('abc1234').waitFor();

    const follow = page.getByRole('button', { name: 'Follow' });
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    // Follow mode: the last line is in view once it arrived, with no line lost or doubled.
    await logRegion(page).getByText(`line ${LINES}`, { exact: true }).waitFor({ timeout: 60_000 });
    await expect.poll(() => logRegion(page).getByText(`line ${LINES}`, { exact: true }).isVisible()).toBe(true);
    await page.getByText('succeeded').first().waitFor({ timeout: 30_000 });
    // The stage header, the red line and the flood: exactly, after the run's final read too.
    await page.getByText(`${(LINES + 2).toLocaleString('en-US')} lines`).waitFor();
    expect(
      await logRegion(page)
        .locator(`[data-line="${LINES + 2}"]`)
        .textContent(),
    ).toContain(`line ${LINES}`);

    // Search: the line is found, highlighted and scrolled into view; follow mode pauses.
    await page.getByRole('searchbox', { name: 'Search the log' }).fill('line 54321');
    await page.getByText('1 of 1 lines').waitFor();
    const mark = logRegion(page).locator('mark', { hasText: 'line 54321' });
    await expect.poll(() => mark.isVisible()).toBe(true);
    expect(await follow.getAttribute('aria-pressed')).toBe('false');

    // ANSI colours render as styled spans (never HTML from the log).
    await page.getByRole('searchbox', { name: 'Search the log' }).fill('red alert');
    const red = logRegion(page).locator('span[style*="--ansi-red"]');
    await expect.poll(() => red.textContent()).toBe('red alert');

    await expectAccessible(page, 'run page with a 100,000-line log (light)');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^flood-logs-[0-9a-f]{8}\.log$/);
    await context.close();
  }, 90_000);

  it('an admin approves a waiting run: the decision and who made it are shown, the run goes on', async () => {
    const run = await waitingRun();
    const { context, page } = await signedIn(`/pipelines/${gated.id}/runs/${run.id}`);
    await page.getByText(/Waiting for an admin’s decision: “ship it\?”/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Reject' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(new RegExp(`^Approved by ${ADMIN.username} at `)).waitFor();
    await logRegion(page).getByText('shipped', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('succeeded').first().waitFor();
    // A finished run offers no action.
    await expect.poll(() => page.getByRole('button', { name: /^(Approve|Reject|Cancel run)$/ }).count()).toBe(0);
    await context.close();
  });

  it('a non-admin sees a waiting run without approve, reject or cancel', async () => {
    const run = await waitingRun();
    const { context, page } = await signedIn(`/pipelines/${gated.id}/runs/${run.id}`, {}, READER);
    await page.getByText(/Waiting for an admin’s decision/).waitFor();
    await settled(page);
    expect(await page.getByRole('button', { name: /^(Approve|Reject|Cancel run)$/ }).count()).toBe(0);
    // An address that names no run: said as the page's h1, with the way back (decision 791).
    await page.goto(`/pipelines/${gated.id}/runs/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { level: 1, name: 'No run with this id' }).waitFor();
    await page.getByRole('link', { name: 'Back to gated-release' }).click();
    await page.waitForURL((url) => url.pathname === `/pipelines/${gated.id}`);
    await page.goto('/pipelines/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'No pipeline with this id' }).waitFor();
    await page.goto('/pipelines/00000000-0000-4000-8000-000000000000/edit');
    await page.getByRole('heading', { level: 1, name: 'No pipeline with this id' }).waitFor();
    await page.getByRole('link', { name: 'Back to pipelines' }).click();
    await page.waitForURL((url) => url.pathname === '/pipelines');
    await context.close();
  });

  it('has no axe violations on the list, pipeline, editor and run pages, light and dark (and the run page on a phone)', async () => {
    const run = await waitingRun();
    // One signed-in context: the theme is the stored preference, the session survives reloads.
    const { context, page } = await signedIn('/pipelines');
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('hangar.theme', t), theme);
      await page.goto('/pipelines');
      await page.getByRole('table', { name: 'Pipelines' }).getByRole('link', { name: 'gated-release' }).waitFor();
      await settled(page);
      await expectAccessible(page, `pipelines list (${theme})`);
      await page.goto(`/pipelines/${gated.id}`);
      await page.getByRole('heading', { name: 'gated-release', level: 1 }).waitFor();
      await settled(page);
      await expectAccessible(page, `pipeline page (${theme})`);
      await page.goto(`/pipelines/${gated.id}/edit`);
      await page.getByRole('heading', { name: 'Edit gated-release', level: 1 }).waitFor();
      await expectAccessible(page, `pipeline editor (${theme})`);
      await page.goto(`/pipelines/${gated.id}/runs/${run.id}`);
      await page.getByRole('button', { name: 'Approve' }).waitFor();
      await expectAccessible(page, `run page (${theme})`);
    }
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    await expectAccessible(page, 'run page (dark, mobile)');
    await context.close();
  }, 60_000);
});
