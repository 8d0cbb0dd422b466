import type { RuleDef } from './model.js';
import { EVENT_RULES } from './event-rules.js';
import { OPERATION_RULES } from './rules.js';
import { BOUNDS, SCHEMA_CHANGE_RULES, SCHEMA_PREFIXES, type SchemaChangeRule } from './schema-rules.js';

/**
 * Every rule id the diff can produce: the tables' fixed rules (operations, then events), then each schema-level change under
 * each schema prefix (`request-property-enum-value-removed`, …). Built here from the tables of
 * rules.ts, event-rules.ts and schema-rules.ts, which hold data only (decision 1202).
 */

/** The table's schema-level changes, then four per bound: tightened, set, loosened, removed. */
const SCHEMA_CHANGES: Record<string, SchemaChangeRule> = { ...SCHEMA_CHANGE_RULES, ...boundChanges() };

export const RULES: Record<string, RuleDef> = { ...OPERATION_RULES, ...EVENT_RULES, ...schemaRules() };

function boundChanges() {
  const changes: Record<string, SchemaChangeRule> = {};
  for (const [key, name] of Object.entries(BOUNDS)) {
    const isMax = key.toLowerCase().includes('max');
    const tighter = isMax ? 'decreased' : 'increased';
    const looser = isMax ? 'increased' : 'decreased';
    changes[`${name}-${tighter}`] = {
      levels: ['error', 'info'],
      type: 'modified',
      description: `${key} was ${tighter} (tightened)`,
    };
    changes[`${name}-set`] = {
      levels: ['error', 'info'],
      type: 'added',
      description: `${key} was set where there was none`,
    };
    changes[`${name}-${looser}`] = {
      levels: ['info', 'error'],
      type: 'modified',
      description: `${key} was ${looser} (loosened)`,
    };
    changes[`${name}-unset`] = { levels: ['info', 'error'], type: 'removed', description: `${key} was removed` };
  }
  return changes;
}

/** Where a schema sits decides the id's prefix and which of the change's two levels applies. */
function schemaRules() {
  const rules: Record<string, RuleDef> = {};
  for (const [prefix, { dir, area }] of Object.entries(SCHEMA_PREFIXES)) {
    for (const [change, def] of Object.entries(SCHEMA_CHANGES)) {
      rules[`${prefix}-${change}`] = {
        level: def.levels[dir],
        type: def.type,
        area,
        description: def.description,
        oasdiff: true,
      };
    }
  }
  return rules;
}
