import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../../../src/kernel/paths.js';
import { startSharedChromium } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

/**
 * Before the browser tests: the server bundle (dist/src, what `npm start` runs) and the portal (web/dist)
 * are built when missing or out of date, with the same stamps `npm start` checks; then one Chromium is
 * started for the whole browser group, which every file connects to (decision 911).
 */
export default async function setup(project: TestProject) {
  const { buildServer } = await import(join(projectRoot, 'scripts', 'build.mjs'));
  const { buildPortal } = await import(join(projectRoot, 'scripts', 'build-portal.mjs'));
  await buildServer({ quiet: true });
  await buildPortal({ quiet: true });
  if (!existsSync('/usr/bin/chromium')) throw new Error('Chromium is missing at /usr/bin/chromium: `npm test` installs it (apt-get install chromium)');
  const chromium = await startSharedChromium();
  project.provide('chromiumEndpoint', chromium.wsEndpoint);
  return chromium.close;
}
