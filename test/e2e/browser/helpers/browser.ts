import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { connectChromium } from './chromium.js';
import type { PortalServer } from './server.js';
import { browserSetup } from './setup-ready.js';

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;
/**
 * axe's passes over a page (decision 1156): each theme once and each size once, light at 1280×800 and
 * dark at 390×844, rather than all four pairs (the DOM is the same; colours and layout are what differ).
 */
export const AXE_PASSES = [
  ['light', 'desktop'],
  ['dark', 'mobile'],
] as const satisfies readonly (readonly ['light' | 'dark', ViewportName])[];
export type ThemeName = 'light' | 'dark';

export interface PortalBrowser {
  browser: Browser;
  /** A fresh context (no cookies, no storage) with one page at `server.url`. */
  newPage(opts?: { viewport?: ViewportName; theme?: ThemeName }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** A browser for one test file: a connection to the browser group's Chromium (decision 911). */
export async function launchBrowser(server: PortalServer): Promise<PortalBrowser> {
  const { browser, close } = await connectChromium((await browserSetup()).wsEndpoint);
  return {
    browser,
    async newPage({ viewport = 'desktop', theme = 'light' } = {}) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: VIEWPORTS[viewport],
        colorScheme: theme,
        reducedMotion: 'reduce',
      });
      // The stored preference wins over the OS one; set before any page script runs, unless the page changed it.
      await context.addInitScript((t) => {
        if (!localStorage.getItem('hangar.theme')) localStorage.setItem('hangar.theme', t);
      }, theme);
      context.setDefaultTimeout(20_000);
      return { context, page: await context.newPage() };
    },
    close,
  };
}

/**
 * Signs `user` in on this page's browser context and opens `path` signed in (decision 521). By default
 * the session is made as the sign-in form makes it, minus the typing: the context's own request client
 * posts the form's JSON login (`session: 'cookie'`), so the HttpOnly refresh cookie lands in this
 * context's cookie jar, and the page then loads `path` and restores the session from that cookie as
 * on any reload. `{ form: true }` goes through the form instead (the form itself is tested in
 * portal.test.ts). One login per context: a refresh token works once, so contexts never share cookies.
 */
export async function signIn(
  page: Page,
  user: { username: string; password: string },
  path = '/catalog',
  opts: { form?: boolean } = {},
): Promise<void> {
  if (opts.form) return signInThroughForm(page, user, path);
  const res = await page.context().request.post('/api/v1/auth/login', {
    data: { username: user.username, password: user.password, session: 'cookie' },
  });
  if (!res.ok()) throw new Error(`signing in ${user.username} failed: ${res.status()} ${await res.text()}`);
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Signs in through the form, as a user would, and waits for the signed-in layout. */
async function signInThroughForm(
  page: Page,
  user: { username: string; password: string },
  path = '/catalog',
): Promise<void> {
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

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The axe-core that @axe-core/playwright ships (the same rules AxeBuilder runs), read once per worker. */
let axeSource: string | undefined;
function axeScript(): string {
  if (axeSource === undefined) {
    const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
    axeSource = readFileSync(fromBuilder.resolve('axe-core/axe.min.js'), 'utf8');
  }
  return axeSource;
}

/**
 * axe-core over the whole page (WCAG 2.0-2.2 A/AA and best practices): no violation allowed.
 * `disableRules` leaves named rules out (only where a decision says why).
 *
 * axe runs in the page itself (decision 522): its source is injected once per document (a client-side
 * navigation keeps it) and `axe.run` checks the whole document with every rule of those tags. AxeBuilder
 * instead injects the 500 kB source again on every call and finishes each run in a new blank page (for
 * cross-origin frames), about two thirds of the call; a page with frames still goes through it.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  opts: { disableRules?: string[] } = {},
): Promise<void> {
  const disableRules = opts.disableRules ?? [];
  let violations: Violation[];
  if (page.frames().length > 1) {
    violations = (
      await new AxeBuilder({ page })
        .withTags(AXE_TAGS)
        .disableRules(disableRules)
        .options({ resultTypes: ['violations'] })
        .analyze()
    ).violations;
  } else {
    // AxeBuilder's blank page left the checked page the active one when it closed, and tests rely on
    // it: a page in the background gets its animation frames (requestAnimationFrame) throttled.
    await page.bringToFront();
    if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')))
      await page.evaluate(axeScript());
    violations = await page.evaluate(
      async ({ tags, off }) => {
        const axe = (
          window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: Violation[] }> } }
        ).axe;
        const rules = Object.fromEntries(off.map((id) => [id, { enabled: false }]));
        // Only violations are collected in full (decision 1071): passes and the rest stop at one node per rule.
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          rules,
          resultTypes: ['violations'],
        });
        return result.violations.map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          nodes: nodes.map((n) => ({ target: n.target })),
        }));
      },
      { tags: AXE_TAGS, off: disableRules },
    );
  }
  const lines = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(lines, `axe on ${label}`).toEqual([]);
}
