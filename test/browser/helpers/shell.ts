import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, signIn, type PortalBrowser } from './browser.js';
import { seedComponents, seedPortal } from './seed.js';
import { ADMIN, startPortalServer, type PortalServer } from './server.js';

/**
 * The shell pages' portal for one test file: a server seeded with the groups, people and 120
 * components, and a browser, started before the file's tests and stopped after them.
 */
export function shellPortal() {
  let server: PortalServer | undefined;
  let pb: PortalBrowser | undefined;
  beforeAll(async () => {
    server = await startPortalServer();
    await seedPortal(server);
    await seedComponents(server, 120);
    pb = await launchBrowser(server);
  });
  afterAll(async () => {
    await pb?.close();
    await server?.stop();
  });
  const browser = () => pb!;
  return {
    /** The server, for API calls that arrange what a page shows (e.g. a pipeline run). */
    server: () => server!,
    newPage: (opts?: Parameters<PortalBrowser['newPage']>[0]) => browser().newPage(opts),
    /** A fresh browser context signed in as the bootstrap admin through the form, at `path`. */
    async signedIn(path = '/catalog', opts: Parameters<PortalBrowser['newPage']>[0] = {}) {
      const { context, page } = await browser().newPage(opts);
      await signIn(page, ADMIN, path);
      return { context, page };
    },
  };
}
