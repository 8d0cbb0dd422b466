import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BuildToolsAdapter } from '../../src/integrations/build-tools/build-tools.adapter.js';
import { startOciRegistry } from '../helpers/oci-registry.js';
import { containerBuildContract } from './container-build.contract.js';

const run = promisify(execFile);

// Debian's real buildah (installed by scripts/test.mjs), pushing to a real CNCF registry on loopback.
containerBuildContract('build-tools adapter with buildah', async () => {
  const registry = await startOciRegistry();
  return {
    port: new BuildToolsAdapter({}, 2_000),
    engine: 'oci_b',
    path: process.env.PATH ?? '/usr/bin:/bin',
    registry: registry.hostPort,
    async tags(repository) {
      const res = await fetch(`${registry.url}/v2/${repository}/tags/list`);
      return res.status === 404 ? [] : (((await res.json()) as { tags: string[] | null }).tags ?? []);
    },
    async close() {
      await registry.stop();
      // The images the suite built stay in buildah's local storage otherwise.
      const { stdout } = await run('buildah', ['images', '--format', '{{.Name}}:{{.Tag}}']).catch(() => ({
        stdout: '',
      }));
      const ours = stdout.split('\n').filter((l) => l.includes('hangar-contract/'));
      if (ours.length) await run('buildah', ['rmi', '--force', '--', ...ours]).catch(() => {});
    },
  };
});
