import type { Page } from 'playwright-core';

/** A task after those already queued (a MessageChannel message: not one of the clock's fake timers). Run in the page. */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** The page's path and query string. */
export const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The visible text (else the aria-label) of the focused element. */
export const focusedName = (page: Page) =>
  page.evaluate(
    () =>
      (document.activeElement as HTMLElement | null)?.innerText?.trim() ||
      document.activeElement?.getAttribute('aria-label') ||
      '',
  );

/** Presses Tab until the element named `name` has focus (at most 40 times). */
export async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Signs in on the sign-in form with the keyboard alone (the username field has focus on load). */
export async function signInWithKeyboard(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').waitFor();
  await page.keyboard.type(user.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
}

/** Opens the command palette with Ctrl+K: its dialog and its search field. */
export async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  return { dialog, input: dialog.getByRole('combobox', { name: 'Search Hangar' }) };
}
