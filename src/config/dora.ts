import { Type } from 'typebox';
import { defineSection } from './sections.js';

export interface DoraConfig {
  /**
   * How long after a deployment an incident opening on the same component is suggested as caused
   * by it (`DORA_SUGGEST_WINDOW_MINUTES`, default 1440 = 24 h; decision 569).
   */
  readonly suggestWindowMs: number;
  /** How often deployments the ingest job missed are picked up (`DORA_SWEEP_MS`, default 300000; 0 switches the sweep off). */
  readonly sweepMs: number;
}

declare module './sections.js' {
  interface ConfigSections {
    dora: DoraConfig;
  }
}

export const doraSettings = defineSection(
  'dora',
  {
    DORA_SUGGEST_WINDOW_MINUTES: Type.Integer({ minimum: 1, maximum: 43_200, default: 1440 }),
    DORA_SWEEP_MS: Type.Integer({ minimum: 0, maximum: 86_400_000, default: 300_000 }),
  },
  (env) => ({ suggestWindowMs: Number(env.DORA_SUGGEST_WINDOW_MINUTES) * 60_000, sweepMs: Number(env.DORA_SWEEP_MS) }),
);
