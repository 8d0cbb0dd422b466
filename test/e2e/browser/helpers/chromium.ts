import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, as every browser test runs it. */
const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

/**
 * One Chromium for the whole browser group (decision 911), started by its global setup: each file
 * connects to it (`connectChromium`) and opens its own contexts, which share no cookies or storage, so
 * files stay as separate as with a browser each, without a browser start (about 1–2 s of CPU) per file.
 */
export async function startSharedChromium(): Promise<{ wsEndpoint: string; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'hangar-chromium-'));
  const server = await chromium.launchServer({
    ...LAUNCH,
    args: [...LAUNCH.args, `--disk-cache-dir=${profile}/cache`],
  });
  return {
    wsEndpoint: server.wsEndpoint(),
    async close() {
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The group's Chromium when the global setup started one (`endpoint`), else a Chromium of this file's
 * own (a file run outside the browser project). `close()` disconnects from a shared one, which closes
 * the contexts this connection opened, or stops this file's own.
 */
export async function connectChromium(
  endpoint: string | undefined,
): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (endpoint) {
    const browser = await chromium.connect(endpoint);
    return { browser, close: () => browser.close() };
  }
  const profile = mkdtempSync(join(tmpdir(), 'hangar-chromium-'));
  const browser = await chromium.launch({ ...LAUNCH, args: [...LAUNCH.args, `--disk-cache-dir=${profile}/cache`] });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
