import { Type } from 'typebox';
import { defineSection } from './sections.js';

export interface ApiSpecsConfig {
  /** Largest accepted specification (text, or the JSON body carrying it); the register route's body limit follows it. */
  readonly maxBytes: number;
  /** Worker threads that parse, validate and normalise specifications off the main thread. */
  readonly workers: number;
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
  },
  (env) => ({ maxBytes: env.API_SPEC_MAX_BYTES as number, workers: env.API_SPEC_WORKERS as number }),
);
