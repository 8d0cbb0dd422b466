import { join, resolve } from 'node:path';
import { Type } from 'typebox';
import { defineSection, list } from './sections.js';

export interface PipelinesConfig {
  /** Runs executing at once in one process (`PIPELINE_CONCURRENCY`). */
  readonly concurrency: number;
  /** Log bytes kept per run (`PIPELINE_LOG_MAX_BYTES`); later output is dropped with one line saying so. */
  readonly logMaxBytes: number;
  /** Where `notify` stages post `{channel, text}`; undefined: the stage only emits `pipeline.notify`. */
  readonly notifyWebhookUrl: string | undefined;
  /** `host:port` registries pushed to over plain HTTP (`--tls-verify=false`). */
  readonly insecureRegistries: readonly string[];
  /** Parent folder of the per-run working folders (`PIPELINE_WORK_DIR`, default `DATA_DIR/pipeline-work`). */
  readonly workDir: string;
  /** `PATH` and `LANG` handed to stage commands (the only server variables they see). */
  readonly commandPath: string;
  readonly lang: string;
  /**
   * The container tools' own environment (auth file, storage configuration), passed to `build`
   * stages only: registry credentials come from the server's container auth file, never from a pipeline.
   */
  readonly buildToolEnv: Readonly<Record<string, string>>;
  /**
   * The user script stages run as (`PIPELINE_STAGE_USER`, a name or uid; default `nobody`): a
   * different uid is what keeps the server's process (its environment) unreadable from a stage.
   * `server` runs them as the server's own user (decision 208).
   */
  readonly stageUser: string;
}

declare module './sections.js' {
  interface ConfigSections {
    pipelines: PipelinesConfig;
  }
}

const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** Variables the OCI build tools read for credentials and storage; nothing else of the server's environment. */
const BUILD_TOOL_VARS = [
  'HOME',
  'XDG_RUNTIME_DIR',
  'REGISTRY_AUTH_FILE',
  'DOCKER_CONFIG',
  'DOCKER_HOST',
  'CONTAINERS_STORAGE_CONF',
  'CONTAINERS_REGISTRIES_CONF',
  'CONTAINERS_CONF',
  'BUILDAH_ISOLATION',
  'STORAGE_DRIVER',
  'TMPDIR',
] as const;

const optionalText = () => Type.Optional(Type.String({ minLength: 1 }));

export const pipelinesSettings = defineSection(
  'pipelines',
  {
    PIPELINE_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 256, default: 2 }),
    // Any positive size: test rigs set small ones to see the drop line.
    PIPELINE_LOG_MAX_BYTES: Type.Integer({ minimum: 1, default: 5 * 1024 * 1024 }),
    NOTIFY_WEBHOOK_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
    BUILD_INSECURE_REGISTRIES: Type.String({ default: '' }),
    PIPELINE_WORK_DIR: optionalText(),
    PIPELINE_STAGE_USER: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]*$',
      default: 'nobody',
    }),
    PATH: optionalText(),
    LANG: optionalText(),
    ...Object.fromEntries(BUILD_TOOL_VARS.map((name) => [name, optionalText()])),
  },
  (env, core) => ({
    concurrency: env.PIPELINE_CONCURRENCY as number,
    logMaxBytes: env.PIPELINE_LOG_MAX_BYTES as number,
    notifyWebhookUrl: env.NOTIFY_WEBHOOK_URL as string | undefined,
    insecureRegistries: list(env.BUILD_INSECURE_REGISTRIES as string),
    workDir: resolve((env.PIPELINE_WORK_DIR as string | undefined) ?? join(core.dataDir, 'pipeline-work')),
    commandPath: (env.PATH as string | undefined) ?? DEFAULT_PATH,
    lang: (env.LANG as string | undefined) ?? 'C.UTF-8',
    stageUser: env.PIPELINE_STAGE_USER as string,
    buildToolEnv: Object.freeze(
      Object.fromEntries(BUILD_TOOL_VARS.filter((k) => env[k] !== undefined).map((k) => [k, String(env[k])])),
    ),
  }),
);
