import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, signIn, startPortalServer, type PortalBrowser, type PortalServer } from './index.js';

/** Dashboards (widgets, drag and keyboard arrangement) and notifications (live bell and feed) in Chromium against a real server. */
export let server: PortalServer;
export let pb: PortalBrowser;
export let admin: string;
export let member: { username: string; password: string };
export let componentId: string;

export const signedIn = async (
  user: { username: string; password: string },
  path: string,
  opts: Parameters<PortalBrowser['newPage']>[0] = {},
) => {
  const { context, page } = await pb.newPage(opts);
  await signIn(page, user, path);
  return { context, page };
};
/** settled(), except for dnd kit's own live region (a permanent role=status on arrangeable pages). */
export async function settledPage(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect
    .poll(() => page.locator('[role=status]:not([id^="DndLiveRegion"])').count(), { timeout: 20_000 })
    .toBe(0);
}
export const widgetTitles = (page: Page) =>
  page.getByRole('list', { name: 'Widgets' }).getByRole('heading', { level: 2 }).allTextContents();

/** The setup shared by the files split from ops.test.ts (decision 1126): call at the top of each. */
export function useOpsPortal(): void {
  beforeAll(async () => {
    server = await startPortalServer();
    pb = await launchBrowser(server);
    admin = await server.adminToken();
    member = { username: 'ops-member', password: 'Member-Passw0rd' };
    const registered = await server.api('POST', '/api/v1/auth/register', {
      ...member,
      email: 'ops-member@hangar.test',
    });
    expect(registered.status).toBe(201);
    const team = await server.api('POST', '/api/v1/teams', { name: 'ops-team', type: 'dev' }, admin);
    expect(
      (await server.api('POST', `/api/v1/teams/${team.body.id}/members/${registered.body.id}`, undefined, admin))
        .status,
    ).toBe(201);
    const component = await server.api(
      'POST',
      '/api/v1/catalog/components',
      { name: 'ledger-service', kind: 'service', owner: 'ops-team' },
      admin,
    );
    expect(component.status).toBe(201);
    componentId = component.body.id;
  });
  afterAll(async () => {
    await pb?.close();
    await server?.stop();
  });
}

/** Adds a medium widget through the Add a widget dialog and waits for its heading. */
export async function addWidget(page: Page, type: string, title: string) {
  await page.getByRole('button', { name: 'Add widget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a widget' });
  await dialog.getByLabel('Type').selectOption(type);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Size').selectOption('medium');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
}

/** Records what dnd kit's live region announces; the returned function reads the announcements so far. */
export async function listenToLiveRegion(page: Page) {
  await page.evaluate(() => {
    const heard: string[] = ((window as unknown as { heard: string[] }).heard = []);
    const region = document.querySelector('[id^="DndLiveRegion"]')!;
    new MutationObserver(() => heard.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
}

/** The saved places of a dashboard's widgets, by title: [gridX, gridY]. */
export async function widgetPlaces(dashboardPath: string) {
  const saved = await server.api('GET', `/api/v1${dashboardPath}`, undefined, admin);
  return Object.fromEntries(
    (saved.body.widgets as { title: string; gridX: number; gridY: number }[]).map((w) => [w.title, [w.gridX, w.gridY]]),
  );
}

/** Drags the handle of widget `from` with the pointer onto the handle of widget `to`, measuring both boxes first. */
export async function dragWidget(page: Page, from: string, to: string) {
  const handle = page.getByRole('button', { name: `Move ${from}`, exact: true });
  await handle.scrollIntoViewIfNeeded();
  const a = await handle.boundingBox();
  const b = await page.getByRole('button', { name: `Move ${to}`, exact: true }).boundingBox();
  await page.mouse.move(a!.x + a!.width / 2, a!.y + a!.height / 2);
  await page.mouse.down();
  await page.mouse.move(a!.x + 20, a!.y + 5, { steps: 3 });
  await page.mouse.move(b!.x + b!.width / 2, b!.y + b!.height / 2, { steps: 10 });
  await page.mouse.up();
}

/** The number of items of the notifications list. */
export const notificationItems = (page: Page) =>
  page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').count();
