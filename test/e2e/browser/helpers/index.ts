/**
 * Browser test harness for the portal (test/e2e/browser/*.test.ts, vitest project `browser`).
 *
 *   const server = await startPortalServer();          // real `npm start` bundle, own PostgreSQL database, free port
 *   await seedPortal(server);                          // groups, people, a system, components, an API
 *   const pb = await launchBrowser(server);            // the group's Chromium (playwright-core), own contexts
 *   const { page } = await pb.newPage({ viewport: 'mobile', theme: 'dark' });
 *   await signIn(page, ADMIN);                         // the form's login request, then the page
 *   await page.getByRole('link', { name: 'Payments API service' }).click();
 *   await expectAccessible(page, 'entity page (dark, mobile)');   // axe: zero violations
 *   await pb.close(); await server.stop();
 *
 * - `portalFixture({ env, seed, components, users })` does the above in a file's `beforeAll` and gives
 *   `server`, `browser`, `token`, `newPage`, `signedIn(path, { theme, viewport, user })`, `lightAndDark()`
 *   (two signed-in pages a file's tests share) and one `close()` for its `afterAll`.
 * - `shellPortal()` is that for a whole file with the shell's seed (groups, people, 120 components) and
 *   gives `newPage` and `signedIn(path, opts)` (portal.test.ts, portal-axe.test.ts, dora.test.ts).
 * - The project's global setup (global-setup.ts) builds dist/src when out of date, then web/dist and one
 *   Chromium for the group in the background (decision 1158); `startPortalServer` and `launchBrowser`
 *   wait for them (setup-ready.ts), and `launchBrowser` connects to that Chromium (decision 911). A worker runs
 *   its files without isolation (imports kept): a file restores whatever it changes in the process.
 * - `startPortalServer(env)` takes extra settings (e.g. DATABASE_URL of a PostgreSQL behind
 *   test/helpers/tcp-proxy.ts to stop a dependency, or `memory://`); `server.api()` calls the API with a token.
 * - `signIn(page, user, path, { form: true })` types into the sign-in form instead (decision 521).
 * - `expectAccessible(page, label)`: axe in the page, every WCAG A/AA and best-practice rule (decision 522).
 * - Locate elements by role and accessible name (getByRole, getByLabel); wait for them, never sleep.
 * - VIEWPORTS: desktop 1280×800, mobile 390×844. Themes: 'light' | 'dark' (stored preference).
 */
export {
  AXE_PASSES,
  expectAccessible,
  launchBrowser,
  settled,
  signIn,
  VIEWPORTS,
  type PortalBrowser,
} from './browser.js';
export { seedPortal } from './seed.js';
export { ADMIN, startPortalServer, type PortalServer } from './server.js';
export { portalFixture, shellPortal, type PageOptions, type PortalFixture } from './shell.js';
