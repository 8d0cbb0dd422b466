import type { ClusterConfig } from '../../config/cluster.js';
import { KubernetesAccess } from './client.js';

const shared = new WeakMap<ClusterConfig, KubernetesAccess>();

/** One access object per app configuration, shared by the modules that talk to the cluster. */
export function kubernetesAccess(cfg: ClusterConfig): KubernetesAccess {
  let access = shared.get(cfg);
  if (!access) {
    access = new KubernetesAccess(cfg);
    shared.set(cfg, access);
  }
  return access;
}
