import { describe, expect, it } from 'vitest';
import { AXE_PASSES, expectAccessible, settled, shellPortal } from './helpers/index.js';

/**
 * axe on every page of the portal's shell, once per theme and once per size: light at 1280x800, dark
 * at 390x844 (decision 1156). Its own file (own
 * server and browser) so the browser project runs it beside the behaviour tests of portal.test.ts.
 */
const { newPage, signedIn } = shellPortal();

describe('accessibility (axe, zero violations)', () => {
  const pages = [
    '/catalog',
    '/catalog?lifecycle=production&cols=name,kind,owner,updatedAt',
    '/teams',
    '/people',
    '/search?q=payments',
    '/search',
  ];
  for (const [theme, viewport] of AXE_PASSES) {
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

  // The stored preference sets the theme, and each page.goto reloads the page in it (decision 524).
  for (const [theme, viewport] of AXE_PASSES) {
    it(`every signed-in shell page, ${theme}, ${viewport}`, { timeout: 480_000 }, async () => {
      const { context, page } = await signedIn('/catalog', { viewport });
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
      await context.close();
    });
  }
});
