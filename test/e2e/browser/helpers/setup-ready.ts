import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { waitUntil } from '../../../helpers/free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    browserSetupFile: string;
  }
}

/** What the browser group's global setup reports once the portal is built and Chromium listens. */
export interface BrowserSetup {
  wsEndpoint?: string;
}

let ready: Promise<BrowserSetup> | undefined;

/**
 * Waits for the browser group's global setup, which builds the portal and starts Chromium in the
 * background while the other groups run (decision 1158), then writes its result to a file. Outside
 * the browser project there is no such file: the portal is taken as built and a file starts its own
 * Chromium.
 */
export function browserSetup(): Promise<BrowserSetup> {
  ready ??= waitForSetupFile(inject('browserSetupFile'));
  return ready;
}

async function waitForSetupFile(file: string | undefined): Promise<BrowserSetup> {
  if (!file) return {};
  await waitUntil(async () => existsSync(file), 15 * 60_000, 'the browser group setup (portal build, Chromium)');
  const result = JSON.parse(readFileSync(file, 'utf8')) as BrowserSetup & { error?: string };
  if (result.error) throw new Error(`the browser group setup failed: ${result.error}`);
  return result;
}
