import { resolve } from 'node:path';
import { Type } from 'typebox';
import { defineSection, list } from './sections.js';

/**
 * Git as an attack surface (which URLs users may hand the server) and the background work around
 * it. GIT_TIMEOUT_S, GIT_MAX_BYTES and GIT_ALLOW_FILE_URLS stay core settings (config.ts).
 */
export interface GitConfig {
  /** Hosts exempt from the private-address rule: names, addresses, CIDR ranges, `*.suffix` (`GIT_ALLOWED_HOSTS`). */
  readonly allowedHosts: readonly string[];
  /** file:// URLs and local paths allowed: GIT_ALLOW_FILE_URLS, and in production only with GIT_LOCAL_ROOT. */
  readonly allowFileUrls: boolean;
  /** Local repositories must lie inside this folder when set (`GIT_LOCAL_ROOT`, absolute). */
  readonly localRoot: string | undefined;
  /** Wall-clock limit of one scaffold job attempt (`SCAFFOLD_TIMEOUT_S`). */
  readonly scaffoldTimeoutMs: number;
  /** Wall-clock limit of one IaC module sync (`IAC_SYNC_TIMEOUT_S`). */
  readonly iacSyncTimeoutMs: number;
  /** Tags cloned and parsed at once by one IaC module sync (`IAC_SYNC_CONCURRENCY`). */
  readonly iacSyncConcurrency: number;
  /** Worker threads parsing HCL (`HCL_WORKERS`), started on first use. */
  readonly hclWorkers: number;
}

/** BullMQ's detection of jobs whose process died (only with REDIS_URL). */
export interface JobsConfig {
  /** A running job's lock; a dead process's job is noticed after it lapses (`JOBS_LOCK_DURATION_MS`). */
  readonly lockDurationMs: number;
  /** How often workers look for such jobs (`JOBS_STALLED_INTERVAL_MS`). */
  readonly stalledIntervalMs: number;
}

declare module './sections.js' {
  interface ConfigSections {
    git: GitConfig;
    jobs: JobsConfig;
  }
}

const truthy = (v: unknown) => v === 'true' || v === '1';

export const gitSettings = defineSection(
  'git',
  {
    GIT_ALLOWED_HOSTS: Type.String({ default: '' }),
    GIT_LOCAL_ROOT: Type.Optional(Type.String({ minLength: 1, pattern: '^/' })),
    SCAFFOLD_TIMEOUT_S: Type.Integer({ minimum: 1, maximum: 86_400, default: 300 }),
    IAC_SYNC_TIMEOUT_S: Type.Integer({ minimum: 1, maximum: 86_400, default: 600 }),
    IAC_SYNC_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
    HCL_WORKERS: Type.Integer({ minimum: 1, maximum: 32, default: 2 }),
  },
  (env, core) => {
    const localRoot = env.GIT_LOCAL_ROOT ? resolve(env.GIT_LOCAL_ROOT as string) : undefined;
    const requested = env.GIT_ALLOW_FILE_URLS === undefined ? !core.production : truthy(env.GIT_ALLOW_FILE_URLS);
    return {
      allowedHosts: Object.freeze(list(env.GIT_ALLOWED_HOSTS as string)),
      // Production never reads the server's own folders through a user's URL, unless explicitly
      // enabled for one folder.
      allowFileUrls: requested && (!core.production || localRoot !== undefined),
      localRoot,
      scaffoldTimeoutMs: (env.SCAFFOLD_TIMEOUT_S as number) * 1000,
      iacSyncTimeoutMs: (env.IAC_SYNC_TIMEOUT_S as number) * 1000,
      iacSyncConcurrency: env.IAC_SYNC_CONCURRENCY as number,
      hclWorkers: env.HCL_WORKERS as number,
    };
  },
);

export const jobsSettings = defineSection(
  'jobs',
  {
    JOBS_LOCK_DURATION_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, default: 30_000 }),
    JOBS_STALLED_INTERVAL_MS: Type.Integer({ minimum: 500, maximum: 3_600_000, default: 30_000 }),
  },
  (env) => ({
    lockDurationMs: env.JOBS_LOCK_DURATION_MS as number,
    stalledIntervalMs: env.JOBS_STALLED_INTERVAL_MS as number,
  }),
);
