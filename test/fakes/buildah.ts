import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Builds a tiny image from scratch with buildah and pushes it (plain HTTP) to the test registry. */
export async function pushImage(hostPort: string, ref: string, workDir: string) {
  const file = join(workDir, `f-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(file, `content of ${ref}\n`);
  const { stdout } = await run('buildah', ['from', 'scratch']);
  const container = stdout.trim();
  try {
    await run('buildah', ['copy', container, file, '/data.txt']);
    await run('buildah', ['config', '--label', `ref=${ref}`, container]);
    const image = `localhost/hangar-test-${Math.random().toString(36).slice(2)}`;
    await run('buildah', ['commit', '--quiet', container, image]);
    await run('buildah', ['push', '--quiet', '--tls-verify=false', image, `docker://${hostPort}/${ref}`]);
    await run('buildah', ['rmi', image]).catch(() => {});
  } finally {
    await run('buildah', ['rm', container]).catch(() => {});
  }
}
