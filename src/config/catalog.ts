import { Type } from 'typebox';
import { defineSection, list } from './sections.js';

export interface CatalogConfig {
  /** Allowed `lifecycle` values for create, update and import alike (`CATALOG_LIFECYCLES`). */
  readonly lifecycles: readonly string[];
  /** Seconds between re-reads of every stored location (`CATALOG_REFRESH_INTERVAL_S`); 0 turns it off. */
  readonly refreshIntervalS: number;
}

declare module './sections.js' {
  interface ConfigSections {
    catalog: CatalogConfig;
  }
}

export const DEFAULT_LIFECYCLES = 'planned,experimental,production,deprecated,decommissioned';

export const catalogSettings = defineSection(
  'catalog',
  {
    // Lower-case words separated by commas; the pattern refuses an empty list or stray characters at start.
    CATALOG_LIFECYCLES: Type.String({
      pattern: '^\\s*[a-z0-9][a-z0-9_-]{0,99}(\\s*,\\s*[a-z0-9][a-z0-9_-]{0,99})*\\s*$',
      default: DEFAULT_LIFECYCLES,
    }),
    CATALOG_REFRESH_INTERVAL_S: Type.Integer({ minimum: 0, maximum: 604_800, default: 300 }),
  },
  (env) => ({
    lifecycles: Object.freeze([...new Set(list(env.CATALOG_LIFECYCLES as string))]),
    refreshIntervalS: env.CATALOG_REFRESH_INTERVAL_S as number,
  }),
);
