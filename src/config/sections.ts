import type { TProperties } from 'typebox';

/**
 * Settings of one area (pipelines, ci, cluster, …), declared in `src/config/<area>.ts` beside the core
 * settings of config.ts. An area adds its typed part of `Config` by declaration merging:
 *
 *   declare module './sections.js' { interface ConfigSections { pipelines: PipelinesConfig } }
 *   export const pipelinesSettings = defineSection('pipelines', { PIPELINE_CONCURRENCY: Type.Integer({ minimum: 1, default: 2 }) },
 *     (env) => ({ concurrency: env.PIPELINE_CONCURRENCY as number }));
 *
 * and lists it once in `SECTIONS` (config.ts). Env values arrive validated, coerced and defaulted.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ConfigSections {}

/** A setting that stops the start; the message names the setting. Here, not in config.ts, so sections import it without a cycle. */
export class ConfigError extends Error {}

export interface CoreSettings {
  production: boolean;
  dataDir: string;
  jwtSecret: string;
}

export type SectionValue<K extends string> = K extends keyof ConfigSections ? ConfigSections[K] : unknown;

export interface ConfigSection<K extends string = string> {
  key: K;
  env: TProperties;
  build(env: Record<string, any>, core: CoreSettings): SectionValue<K>;
}

export const defineSection = <K extends keyof ConfigSections>(
  key: K,
  env: TProperties,
  build: (env: Record<string, any>, core: CoreSettings) => SectionValue<K>,
): ConfigSection<K> => ({ key, env, build });

/** Comma-separated list setting -> trimmed, non-empty entries. */
export const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
