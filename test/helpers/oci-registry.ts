import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntil } from './free-port.js';

export interface OciRegistry {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>`, as image references and BUILD_INSECURE_REGISTRIES name it. */
  hostPort: string;
  stop(): Promise<void>;
}

/**
 * A real CNCF distribution registry (Debian's `docker-registry`, installed by scripts/test.mjs) on a
 * free loopback port with its own storage folder. `stop()` kills only this process and removes the folder.
 */
export async function startOciRegistry(): Promise<OciRegistry> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'hangar-registry-'));
  const config = join(dir, 'config.yml');
  await writeFile(
    config,
    [
      'version: 0.1',
      'log:',
      '  level: error',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${join(dir, 'data')}`,
      '  delete:',
      '    enabled: true',
      'http:',
      `  addr: 127.0.0.1:${port}`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('docker-registry', ['serve', config], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${url}/v2/`)).status === 200, 20_000, 'docker-registry to listen');
  return {
    url,
    hostPort: `127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
