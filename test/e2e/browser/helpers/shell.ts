import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, signIn, type PortalBrowser } from './browser.js';
import { seedComponents, seedPortal } from './seed.js';
import { ADMIN, startPortalServer, type PortalServer } from './server.js';

export type PageOptions = NonNullable<Parameters<PortalBrowser['newPage']>[0]>;
type Person = { username: string; password: string };

export interface PortalFixture {
  server: PortalServer;
  browser: PortalBrowser;
  /** The bootstrap admin's access token, for API calls that arrange what a page shows. */
  token: string;
  /** A fresh browser context (no cookies) with one page, not signed in. */
  newPage(opts?: PageOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** A fresh browser context signed in as `opts.user` (default the bootstrap admin), at `path`. */
  signedIn(path?: string, opts?: PageOptions & { user?: Person }): Promise<{ context: BrowserContext; page: Page }>;
  /** Two signed-in pages at /catalog for a file's tests to share: light on desktop, dark on mobile. */
  lightAndDark(): Promise<{ light: Page; dark: Page }>;
  /** Closes every context it opened, the browser, then stops the server (its database is dropped). */
  close(): Promise<void>;
}

/**
 * One test file's portal: a real server (`env`: extra settings), seeded when asked (`seed`: the
 * groups, people, system, components and API of seedPortal; `components`: that many generated ones;
 * `users`: people registered through the API), and a browser. Called in the file's `beforeAll`, its
 * `close()` in `afterAll`; a failure while starting stops what had started, then throws (decision 795).
 */
export async function portalFixture(
  opts: {
    env?: Record<string, string>;
    seed?: boolean;
    components?: number;
    users?: (Person & { email: string })[];
  } = {},
): Promise<PortalFixture> {
  const server = await startPortalServer(opts.env);
  let browser: PortalBrowser | undefined;
  const contexts: BrowserContext[] = [];
  const close = async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server.stop();
  };
  try {
    if (opts.seed) await seedPortal(server);
    if (opts.components) await seedComponents(server, opts.components);
    for (const user of opts.users ?? []) {
      const res = await server.api('POST', '/api/v1/auth/register', user);
      if (res.status !== 201)
        throw new Error(`registering ${user.username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const token = await server.adminToken();
    const pb = (browser = await launchBrowser(server));
    const newPage = async (pageOpts?: PageOptions) => {
      const opened = await pb.newPage(pageOpts);
      contexts.push(opened.context);
      return opened;
    };
    const signedIn = async (path = '/catalog', { user = ADMIN, ...pageOpts }: PageOptions & { user?: Person } = {}) => {
      const { context, page } = await newPage(pageOpts);
      await signIn(page, user, path);
      return { context, page };
    };
    return {
      server,
      browser: pb,
      token,
      newPage,
      signedIn,
      async lightAndDark() {
        const [light, dark] = await Promise.all([
          signedIn('/catalog'),
          signedIn('/catalog', { theme: 'dark', viewport: 'mobile' }),
        ]);
        return { light: light.page, dark: dark.page };
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * The shell pages' portal for one test file: a server seeded with the groups, people and 120
 * components, and a browser, started before the file's tests and stopped after them.
 */
export function shellPortal() {
  let portal: PortalFixture | undefined;
  beforeAll(async () => {
    portal = await portalFixture({ seed: true, components: 120 });
  });
  afterAll(() => portal?.close());
  return {
    /** The server, for API calls that arrange what a page shows (e.g. a pipeline run). */
    server: () => portal!.server,
    newPage: (opts?: PageOptions) => portal!.newPage(opts),
    /** A fresh browser context signed in as the bootstrap admin through the form, at `path`. */
    signedIn: (path = '/catalog', opts: PageOptions = {}) => portal!.signedIn(path, opts),
  };
}
