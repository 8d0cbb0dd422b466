import { AxeBuilder } from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PortalServer } from './server.js';

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;
export type ThemeName = 'light' | 'dark';

export interface PortalBrowser {
  browser: Browser;
  /** A fresh context (no cookies, no storage) with one page at `server.url`. */
  newPage(opts?: { viewport?: ViewportName; theme?: ThemeName }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile folder that is removed on close. */
export async function launchBrowser(server: PortalServer): Promise<PortalBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'hangar-chromium-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--disk-cache-dir=${profile}/cache`,
    ],
  });
  return {
    browser,
    async newPage({ viewport = 'desktop', theme = 'light' } = {}) {
      const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORTS[viewport], colorScheme: theme, reducedMotion: 'reduce' });
      // The stored preference wins over the OS one; set before any page script runs, unless the page changed it.
      await context.addInitScript((t) => {
        if (!localStorage.getItem('hangar.theme')) localStorage.setItem('hangar.theme', t);
      }, theme);
      context.setDefaultTimeout(20_000);
      return { context, page: await context.newPage() };
    },
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the form, as a user would, and waits for the signed-in layout. */
export async function signIn(page: Page, user: { username: string; password: string }, path = '/catalog'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Waits until the page shows its level-1 heading and no loading placeholder is left. */
export async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.getByRole('status').count(), { timeout: 20_000 }).toBe(0);
}

/** axe-core over the whole page (WCAG 2.0-2.2 A/AA and best practices): no violation allowed. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const violations = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(violations, `axe on ${label}`).toEqual([]);
}
