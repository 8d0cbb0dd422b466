import { Type } from 'typebox';
import { Cron } from 'croner';
import { ConfigError, defineSection } from './sections.js';

export interface CostConfig {
  /** OpenCost base URL (`COST_URL`). */
  readonly url: string;
  /** Cron pattern of the background sync (UTC). */
  readonly syncCron: string;
  readonly currency: string;
}

declare module './sections.js' {
  interface ConfigSections {
    cost: CostConfig;
  }
}

export const costSettings = defineSection(
  'cost',
  {
    COST_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:9090' }),
    COST_SYNC_CRON: Type.String({ minLength: 1, default: '0 3 * * *' }),
    COST_CURRENCY: Type.String({ pattern: '^[A-Za-z]{3}$', default: 'USD' }),
  },
  (env) => {
    const syncCron = String(env.COST_SYNC_CRON);
    try {
      new Cron(syncCron, { paused: true }).stop();
    } catch {
      throw new ConfigError(`Invalid setting COST_SYNC_CRON: not a cron expression (got ${JSON.stringify(syncCron)})`);
    }
    return {
      url: String(env.COST_URL).replace(/\/+$/, ''),
      syncCron,
      currency: String(env.COST_CURRENCY).toUpperCase(),
    };
  },
);
