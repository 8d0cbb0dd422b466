import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubernetesAccess } from '../../src/integrations/kubernetes/access.js';
import { FakeKubeApiServer } from '../fakes/kube-apiserver.js';

/** A fake API server plus a temp folder holding its kubeconfig (the value of CLUSTER_CONFIG_PATH). */
export async function startKube(): Promise<{
  kube: FakeKubeApiServer;
  dir: string;
  configPath: string;
  cleanup(): Promise<void>;
}> {
  const kube = await new FakeKubeApiServer().start();
  const dir = await mkdtemp(join(tmpdir(), 'hangar-kube-'));
  const configPath = join(dir, 'kubeconfig.yaml');
  await writeFile(configPath, kube.kubeconfig());
  return {
    kube,
    dir,
    configPath,
    async cleanup() {
      await kube.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The Kubernetes access layer over a kubeconfig file (undefined: no cluster configured), as tests use it. */
export const kubernetesAccess = (configPath: string | undefined, configFolder: string | undefined) =>
  new KubernetesAccess({
    configPath,
    configFolder,
    inCluster: false,
    metricsUrl: undefined,
    syncIntervalS: 60,
    watchRollouts: false,
    timeoutMs: 2000,
    outbound: { allowedHosts: [], allowPrivate: true },
  });
