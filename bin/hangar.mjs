#!/usr/bin/env node
// The `hangar` command (package.json "bin"). Runs the bundled command line, dist/cli/hangar.mjs; in a
// checkout (src/ present) it is built on first use and rebuilt when a source changed, so `npx hangar`
// works right after `npm ci`, and `npm install -g` of the repository links this same file.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli/hangar.mjs', import.meta.url);
if (existsSync(new URL('../src/cli/hangar.ts', import.meta.url))) {
  const { buildCli, isCliBuilt } = await import('../scripts/build-cli.mjs');
  if (!isCliBuilt()) {
    try {
      await buildCli({ quiet: true });
    } catch (err) {
      process.stderr.write(`hangar: could not build the command line: ${String(err?.message ?? err).split('\n')[0]}\n`);
      process.exit(2);
    }
  }
}
if (!existsSync(built)) {
  process.stderr.write(
    'hangar: dist/cli/hangar.mjs is missing and there is no src/ to build it from: reinstall hangar\n',
  );
  process.exit(2);
}
await import(built.href);
