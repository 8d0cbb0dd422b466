import { join } from 'node:path';
import { projectRoot } from '../../src/kernel/paths.js';

/**
 * The server bundle `npm start` runs (dist/src/server.js), built first when a source changed (the build
 * script's stamp check makes that a no-op otherwise). Tests that start server processes start this
 * bundle: it is what users run, and it starts in a fraction of a second where `--import tsx` spent
 * about 3 CPU-seconds transforming the tree on every start (decision 1154).
 */
export async function builtServerEntry(): Promise<string> {
  const { buildServer } = (await import(join(projectRoot, 'scripts', 'build.mjs'))) as {
    buildServer(options: { quiet: boolean }): Promise<boolean>;
  };
  await buildServer({ quiet: true });
  return join(projectRoot, 'dist', 'src', 'server.js');
}
