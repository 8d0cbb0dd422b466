import { Type } from 'typebox';
import { defineSection } from './sections.js';

export interface DiscoveryConfig {
  /** Requests in flight to one provider per scan, at most (`DISCOVERY_MAX_IN_FLIGHT`, default 8; decision 1012). */
  readonly maxInFlight: number;
  /** How long one request to a provider may take (`DISCOVERY_REQUEST_TIMEOUT_MS`, default 15000; decision 1035). */
  readonly requestTimeoutMs: number;
  /** How often due schedules are looked for (`DISCOVERY_TICK_MS`, default 60000; 0: no scheduled scans). */
  readonly tickMs: number;
}

declare module './sections.js' {
  interface ConfigSections {
    discovery: DiscoveryConfig;
  }
}

export const discoverySettings = defineSection(
  'discovery',
  {
    DISCOVERY_MAX_IN_FLIGHT: Type.Integer({ minimum: 1, maximum: 64, default: 8 }),
    DISCOVERY_TICK_MS: Type.Integer({ minimum: 0, maximum: 3_600_000, default: 60_000 }),
    DISCOVERY_REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 15_000 }),
  },
  (env) => ({
    maxInFlight: Number(env.DISCOVERY_MAX_IN_FLIGHT),
    tickMs: Number(env.DISCOVERY_TICK_MS),
    requestTimeoutMs: Number(env.DISCOVERY_REQUEST_TIMEOUT_MS),
  }),
);
