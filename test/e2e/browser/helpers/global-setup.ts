import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../../../src/kernel/paths.js';
import { startSharedChromium } from './chromium.js';
import type { BrowserSetup } from './setup-ready.js';

/**
 * Before the browser tests: the server bundle (dist/src, what `npm start` runs) is built when missing or
 * out of date, at once (a few seconds; files of other groups start it too). The portal (web/dist) is
 * built and one Chromium started for the whole browser group (decision 911) in the background: Vitest
 * runs every project's global setup before the first test of any group, so a portal build here held
 * every test back by its whole length (decision 1158). The result goes to a file the browser files
 * wait for (setup-ready.ts).
 */
export default async function setup(project: TestProject) {
  const { buildServer } = await import(join(projectRoot, 'scripts', 'build.mjs'));
  await buildServer({ quiet: true });
  if (!existsSync('/usr/bin/chromium'))
    throw new Error('Chromium is missing at /usr/bin/chromium: `npm test` installs it (apt-get install chromium)');
  const file = join(tmpdir(), `hangar-browser-setup-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  const report = (result: BrowserSetup & { error?: string }) => {
    writeFileSync(`${file}.tmp`, JSON.stringify(result));
    renameSync(`${file}.tmp`, file);
  };
  let chromium: Awaited<ReturnType<typeof startSharedChromium>> | undefined;
  const background = (async () => {
    await buildPortalInChild();
    chromium = await startSharedChromium();
    report({ wsEndpoint: chromium.wsEndpoint });
  })().catch((err: Error) => report({ error: err.message }));
  project.provide('browserSetupFile', file);
  return async () => {
    await background;
    await chromium?.close();
    rmSync(file, { force: true });
  };
}

/** The portal's build in a process of its own, so Vite's work never stalls Vitest's main process. */
function buildPortalInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(projectRoot, 'scripts', 'build-portal.mjs')], {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the portal build exited with ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}
