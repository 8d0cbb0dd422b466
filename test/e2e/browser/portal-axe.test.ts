import { describe, expect, it } from 'vitest';
import { expectAccessible, settled, shellPortal } from './helpers/index.js';

/**
 * axe on every page of the portal's shell, in both themes at 1280x800 and 390x844. Its own file (own
 * server and browser) so the browser project runs it beside the behaviour tests of portal.test.ts.
 */
const { newPage, signedIn } = shellPortal();

describe('accessibility (axe, zero violations)', () => {
  const pages = ['/catalog', '/catalog?lifecycle=production&cols=name,kind,owner,updatedAt', '/teams', '/people', '/search?q=payments', '/search'];
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of ['desktop', 'mobile'] as const) {
      it(`sign-in and register, ${theme}, ${viewport}`, async () => {
        const { context, page } = await newPage({ theme, viewport });
        await page.goto('/sign-in');
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        await expectAccessible(page, `/sign-in ${theme} ${viewport}`);
        await page.goto('/register');
        await page.getByRole('button', { name: 'Create account' }).waitFor();
        await expectAccessible(page, `/register ${theme} ${viewport}`);
        await context.close();
      });
    }
  }

  // One signed-in page per viewport sweeps both themes: the stored preference switches the theme, and
  // each page.goto reloads the page in it (no second sign-in; decision 524).
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`every signed-in shell page, light and dark, ${viewport}`, { timeout: 480_000 }, async () => {
      const { context, page } = await signedIn('/catalog', { viewport });
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => localStorage.setItem('hangar.theme', t), theme);
        for (const path of pages) {
          await page.goto(path);
          await settled(page);
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
          await expectAccessible(page, `${path} ${theme} ${viewport}`);
        }
        await page.goto('/teams');
        await page.getByRole('link', { name: 'payments-team' }).first().click();
        await page.getByRole('heading', { name: 'payments-team', level: 1 }).waitFor();
        await settled(page);
        await expectAccessible(page, `team page ${theme} ${viewport}`);
        await page.keyboard.press('Control+k');
        await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('pay');
        await page.getByRole('option', { name: /Payments API service/ }).waitFor();
        await expectAccessible(page, `command palette ${theme} ${viewport}`);
      }
      await context.close();
    });
  }
});
