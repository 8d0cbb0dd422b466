import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  launchBrowser,
  signIn,
  startPortalServer,
  type PortalBrowser,
  type PortalServer,
} from './helpers/index.js';

/**
 * One browser, many tabs, the server's real sign-in limits (10 refreshes a minute per address): the tabs
 * share one session (decision 183). Opening a dozen tabs at once must not spend a dozen refreshes (the
 * eleventh would be refused), and two tabs reloading at the same moment must not present the rotated
 * refresh cookie twice (the server would take it for theft and revoke every session of the person).
 */
let server: PortalServer;
let pb: PortalBrowser;

beforeAll(async () => {
  server = await startPortalServer({ AUTH_RATE_LIMIT: 'on' });
  pb = await launchBrowser(server);
});
afterAll(async () => {
  await pb?.close();
  await server?.stop();
});

describe('the session across tabs', () => {
  it(
    'a dozen tabs open signed in on few refreshes; simultaneous reloads keep it; signing out in one signs out all',
    { timeout: 90_000 },
    async () => {
      const { context, page: first } = await pb.newPage();
      const refreshes: string[] = [];
      context.on('request', (req) => {
        if (req.url().endsWith('/api/v1/auth/refresh')) refreshes.push(req.url());
      });

      await signIn(first, ADMIN, '/catalog');

      const tabs = await Promise.all(Array.from({ length: 11 }, () => context.newPage()));
      await Promise.all(tabs.map((tab) => tab.goto('/catalog')));
      for (const tab of tabs) await tab.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(refreshes.length).toBeLessThanOrEqual(2);

      // Every tab reloads at once: those that find no other tab refresh one at a time, never with a used cookie.
      await Promise.all([first, ...tabs].map((tab) => tab.reload()));
      for (const tab of [first, ...tabs]) await tab.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(refreshes.length).toBeLessThanOrEqual(4);
      // Nothing was revoked: a tab opened alone later still restores the session from the cookie.
      await Promise.all(tabs.map((tab) => tab.close()));
      await first.close();
      const late = await context.newPage();
      await late.goto('/teams');
      await late.getByRole('navigation', { name: 'Main' }).waitFor();

      const other = await context.newPage();
      await other.goto('/people');
      await other.getByRole('navigation', { name: 'Main' }).waitFor();
      await late.getByRole('button', { name: /^Account menu/ }).click();
      await late.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      await other.getByRole('button', { name: 'Sign in' }).waitFor();
      await context.close();
    },
  );
});
