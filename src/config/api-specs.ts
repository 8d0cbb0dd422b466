import { Type } from 'typebox';
import { defineSection } from './sections.js';

export interface ApiSpecsConfig {
  /** Largest accepted specification (text, or the JSON body carrying it); the register route's body limit follows it. */
  readonly maxBytes: number;
  /** Worker threads that parse, validate and normalise specifications off the main thread. */
  readonly workers: number;
  /** Old-generation heap of each worker thread (decision 310): bounds its memory; a task that needs more fails. */
  readonly workerHeapMb: number;
  /** Budget of one diff (decision 306): the entries' JSON at most this many bytes, else 422. */
  readonly diffMaxBytes: number;
  /** Budget of one diff: its worker may compute this long, else 422. */
  readonly diffTimeoutMs: number;
  /** Memory the diff cache may hold (serialised answers), per process. */
  readonly diffCacheBytes: number;
}

declare module './sections.js' {
  interface ConfigSections {
    apiSpecs: ApiSpecsConfig;
  }
}

export const apiSpecsSettings = defineSection(
  'apiSpecs',
  {
    // 16 MiB: real public specs of 5-10 MB (cloud provider APIs) must register.
    API_SPEC_MAX_BYTES: Type.Integer({ minimum: 1024, maximum: 268_435_456, default: 16_777_216 }),
    API_SPEC_WORKERS: Type.Integer({ minimum: 1, maximum: 16, default: 2 }),
    API_SPEC_WORKER_HEAP_MB: Type.Integer({ minimum: 64, maximum: 16_384, default: 384 }),
    API_SPEC_DIFF_MAX_BYTES: Type.Integer({ minimum: 65_536, maximum: 268_435_456, default: 8_388_608 }),
    API_SPEC_DIFF_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 30_000 }),
    API_SPEC_DIFF_CACHE_BYTES: Type.Integer({ minimum: 0, maximum: 4_294_967_296, default: 67_108_864 }),
  },
  (env) => ({
    maxBytes: env.API_SPEC_MAX_BYTES as number,
    workers: env.API_SPEC_WORKERS as number,
    workerHeapMb: env.API_SPEC_WORKER_HEAP_MB as number,
    diffMaxBytes: env.API_SPEC_DIFF_MAX_BYTES as number,
    diffTimeoutMs: env.API_SPEC_DIFF_TIMEOUT_MS as number,
    diffCacheBytes: env.API_SPEC_DIFF_CACHE_BYTES as number,
  }),
);
