import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Type } from 'typebox';
import { outboundSettings, type OutboundConfig } from './outbound.js';
import { defineSection } from './sections.js';

/** Where the service account's token is mounted in every pod (Kubernetes' documented path). */
export const IN_CLUSTER_TOKEN_PATH = '/var/run/secrets/kubernetes.io/serviceaccount/token';

export interface ClusterConfig {
  /** Absolute path of the kubeconfig file (`CLUSTER_CONFIG_PATH`); undefined: in-cluster or none. */
  readonly configPath: string | undefined;
  /** The folder a mesh-two `clusterConfig` file path must lie under (the folder of `configPath`). */
  readonly configFolder: string | undefined;
  /** Running in a pod with a service account and no `CLUSTER_CONFIG_PATH`: use the in-cluster config. */
  readonly inCluster: boolean;
  /** Prometheus-compatible metrics store (`METRICS_URL`); undefined: metrics endpoints answer 503. */
  readonly metricsUrl: string | undefined;
  /** Seconds between annotation syncs (decision 614: 60); 0 turns the schedule off. */
  readonly syncIntervalS: number;
  /** Watch Argo Rollouts for `rollout.updated` (one watcher per cluster of processes). */
  readonly watchRollouts: boolean;
  /** Milliseconds of one call to the cluster or the metrics store (decision 602: 10 s). */
  readonly timeoutMs: number;
  /** The outbound policy for supplied kubeconfig servers (the OUTBOUND_* settings, decision 200). */
  readonly outbound: OutboundConfig;
}

declare module './sections.js' {
  interface ConfigSections {
    cluster: ClusterConfig;
  }
}

const Bool = Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]);

export const clusterSettings = defineSection(
  'cluster',
  {
    CLUSTER_CONFIG_PATH: Type.Optional(Type.String({ minLength: 1 })),
    METRICS_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
    CLUSTER_SYNC_INTERVAL_S: Type.Integer({ minimum: 0, maximum: 86_400, default: 60 }),
    CLUSTER_WATCH_ROLLOUTS: Type.Optional(Bool),
    CLUSTER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
    // Set by Kubernetes in every pod; with the mounted token they mean "use the in-cluster config".
    KUBERNETES_SERVICE_HOST: Type.Optional(Type.String()),
  },
  (env, core) => {
    const configPath = env.CLUSTER_CONFIG_PATH ? resolve(String(env.CLUSTER_CONFIG_PATH)) : undefined;
    return {
      configPath,
      configFolder: configPath ? dirname(configPath) : undefined,
      inCluster: !configPath && !!env.KUBERNETES_SERVICE_HOST && existsSync(IN_CLUSTER_TOKEN_PATH),
      metricsUrl: env.METRICS_URL ? String(env.METRICS_URL).replace(/\/+$/, '') : undefined,
      syncIntervalS: env.CLUSTER_SYNC_INTERVAL_S as number,
      watchRollouts:
        env.CLUSTER_WATCH_ROLLOUTS === undefined
          ? true
          : env.CLUSTER_WATCH_ROLLOUTS === 'true' || env.CLUSTER_WATCH_ROLLOUTS === '1',
      timeoutMs: env.CLUSTER_TIMEOUT_MS as number,
      outbound: outboundSettings.build(env, core) as OutboundConfig,
    };
  },
);
