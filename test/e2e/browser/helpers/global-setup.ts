import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../../src/kernel/paths.js';

/**
 * Before the browser tests: the server bundle (dist/src, what `npm start` runs) and the portal (web/dist)
 * are built when missing or out of date, with the same stamps `npm start` checks.
 */
export default async function setup() {
  const { buildServer } = await import(join(projectRoot, 'scripts', 'build.mjs'));
  const { buildPortal } = await import(join(projectRoot, 'scripts', 'build-portal.mjs'));
  await buildServer({ quiet: true });
  await buildPortal({ quiet: true });
  if (!existsSync('/usr/bin/chromium')) throw new Error('Chromium is missing at /usr/bin/chromium: `npm test` installs it (apt-get install chromium)');
}
