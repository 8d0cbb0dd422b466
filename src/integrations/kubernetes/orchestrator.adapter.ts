import type { KubernetesObject } from '@kubernetes/client-node';
import type {
  CrdDefinition,
  OrchestratorPort,
  RolloutWatchHandler,
  WatchedRollout,
} from '../../modules/orchestrator/orchestrator.ports.js';
import type { RolloutPhase, RolloutStatus, Workload } from '../../modules/orchestrator/orchestrator.schemas.js';
import type { KubernetesAccess } from './access.js';
import type { CustomResource } from './client.js';
import { kubeError } from './client.js';
import { kubernetesSdk } from './sdk.js';
import { deploymentSummary } from './resources.js';

const ROLLOUTS: CustomResource = { group: 'argoproj.io', version: 'v1alpha1', plural: 'rollouts' };
/** More re-watches than this within the window means the streams end at once. */
const MAX_RECONNECTS = 5;
const RECONNECT_WINDOW_MS = 5_000;
const PHASES = new Set<RolloutPhase>(['Healthy', 'Progressing', 'Degraded', 'Paused']);

/** Deployments, CRDs and Argo Rollouts of the server's own cluster. */
export class OrchestratorAdapter implements OrchestratorPort {
  constructor(private readonly access: KubernetesAccess) {}

  get configured() {
    return this.access.configured;
  }

  async listWorkloads(signal?: AbortSignal): Promise<Workload[]> {
    signal?.throwIfAborted();
    const kube = await this.access.client();
    if (!kube) return [];
    return (await kube.listDeployments(undefined, signal)).map((d) => {
      const { name, namespace, replicas, readyReplicas, image, labels } = deploymentSummary(d);
      return { name, namespace, replicas, readyReplicas, image, labels };
    });
  }

  async listCrds(signal?: AbortSignal): Promise<CrdDefinition[]> {
    signal?.throwIfAborted();
    const kube = await this.access.client();
    if (!kube) return [];
    return (await kube.listCrds(signal))
      .map((c) => ({
        name: String(c.metadata?.name ?? ''),
        group: String(c.spec?.group ?? ''),
        kind: String(c.spec?.names?.kind ?? ''),
        scope: (c.spec?.scope === 'Cluster' ? 'Cluster' : 'Namespaced') as CrdDefinition['scope'],
        versions: (c.spec?.versions ?? []).map((v: { name: string }) => v.name),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async listRollouts(namespace?: string, signal?: AbortSignal): Promise<RolloutStatus[]> {
    signal?.throwIfAborted();
    const kube = await this.access.client();
    if (!kube) return [];
    const list = await kube.listCustom(ROLLOUTS, namespace, signal);
    return (list?.items ?? []).map((o) => {
      const { uid: _uid, ...status } = toRollout(o);
      return status;
    });
  }

  async watchRollouts(handler: RolloutWatchHandler): Promise<{ stop(): void }> {
    const kube = await this.access.client();
    if (!kube) throw new Error('no cluster is configured');
    const path = `/apis/${ROLLOUTS.group}/${ROLLOUTS.version}/${ROLLOUTS.plural}`;
    // The list call throws on 404 here (the CRD is absent): the watcher retries until it appears.
    const list = async () => {
      const res = await kube.listCustom(ROLLOUTS);
      if (!res) throw Object.assign(new Error('the Argo Rollouts CRD is not installed'), { code: 404 });
      return {
        apiVersion: `${ROLLOUTS.group}/${ROLLOUTS.version}`,
        kind: 'RolloutList',
        metadata: { resourceVersion: res.resourceVersion },
        items: res.items as KubernetesObject[],
      };
    };
    // client-node's informer: list, then watch from the list's resourceVersion; on a 410 Gone it
    // relists; any other failure ends it (reported through `failed`).
    const informer = kubernetesSdk().sdk.makeInformer(kube.kubeconfig, path, list as never);
    let stopped = false;
    informer.on('add', (o) => handler.changed(toRollout(o)));
    informer.on('update', (o) => handler.changed(toRollout(o)));
    informer.on('delete', (o) => handler.deleted(toRollout(o)));
    informer.on('error', (err) => {
      if (!stopped) handler.failed(kubeError(err));
    });
    // A server that ends every watch at once (a proxy cutting streams, a server without watch
    // support) would make the informer re-watch in a tight loop: report it as a failure instead,
    // so the watcher backs off and relists.
    const connects: number[] = [];
    informer.on('connect', () => {
      const now = Date.now();
      connects.push(now);
      while (connects.length > 0 && connects[0]! < now - RECONNECT_WINDOW_MS) connects.shift();
      if (!stopped && connects.length > MAX_RECONNECTS) {
        stopped = true;
        void informer.stop();
        handler.failed(new Error('the rollout watch keeps ending at once'));
      }
    });
    try {
      await informer.start();
    } catch (err) {
      stopped = true;
      void informer.stop();
      throw kubeError(err);
    }
    return {
      stop() {
        stopped = true;
        void informer.stop();
      },
    };
  }
}

/** An Argo Rollout's status as the document shows it (phase derived for releases without `status.phase`). */
function toRollout(o: any): WatchedRollout {
  const status = o?.status ?? {};
  const steps = o?.spec?.strategy?.canary?.steps;
  let phase = status.phase as RolloutPhase;
  if (!PHASES.has(phase)) {
    phase =
      o?.spec?.paused || (Array.isArray(status.pauseConditions) && status.pauseConditions.length > 0)
        ? 'Paused'
        : 'Progressing';
  }
  return {
    uid: String(o?.metadata?.uid ?? `${o?.metadata?.namespace}/${o?.metadata?.name}`),
    name: String(o?.metadata?.name ?? ''),
    namespace: String(o?.metadata?.namespace ?? ''),
    phase,
    replicas:
      typeof o?.spec?.replicas === 'number'
        ? o.spec.replicas
        : typeof status.replicas === 'number'
          ? status.replicas
          : 1,
    readyReplicas: typeof status.readyReplicas === 'number' ? status.readyReplicas : 0,
    currentStepIndex: typeof status.currentStepIndex === 'number' ? status.currentStepIndex : 0,
    totalSteps: Array.isArray(steps) ? steps.length : 0,
  };
}
