import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { projectRoot } from '../src/kernel/paths.js';

/** Debian's Chromium with the flags the developers' guide gives (no GPU, no background traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** bench/run.ts's bootstrap admin: browser scenarios sign in with the cookie session, as a person would. */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'BenchPassw0rd' };

/** One chunk of the portal's Vite manifest. */
export interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export const portalDist = join(projectRoot, 'web', 'dist');

/** Builds web/dist when it is out of date (scripts/build-portal.mjs), without its progress lines. */
export async function buildPortalQuietly(): Promise<void> {
  const { buildPortal } = await import(join(projectRoot, 'scripts', 'build-portal.mjs'));
  await buildPortal({ quiet: true });
}

/** web/dist/.vite/manifest.json: each source module's chunk and what it imports. */
export const readManifest = () =>
  JSON.parse(readFileSync(join(portalDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The chunk and everything it imports statically (loaded before it runs). */
export function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** A built file's size as served: its precompressed .gz when the build wrote one, else gzip -9 of it. */
export const gzipped = (file: string) =>
  existsSync(join(portalDist, `${file}.gz`))
    ? statSync(join(portalDist, `${file}.gz`)).size
    : gzipSync(readFileSync(join(portalDist, file)), { level: 9 }).length;
