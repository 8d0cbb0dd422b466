import type { DiffEntry } from './model.js';
import { RULES } from './rules.js';
import type { Dir, SchemaChange } from './schema.js';

/** Collects entries; the rule table fixes each entry's type and level. */
export class DiffContext {
  readonly entries: DiffEntry[] = [];
  constructor(readonly now: number) {}

  add(rule: string, path: string, location: string, detail: string) {
    const def = RULES[rule];
    if (!def) throw new Error(`unknown diff rule ${rule}`);
    this.entries.push({ type: def.type, breaking: def.level === 'error', path, detail, rule, level: def.level, location });
  }

  /**
   * Schema changes under `location`, named by where the schema sits: `request-parameter` and
   * `response-header` keep one prefix (their property events are not reported), bodies use
   * `*-body-*` at the root and `*-property-*` below it.
   */
  addSchemaChanges(changes: SchemaChange[], path: string, location: string, what: 'parameter' | 'header' | 'body', dir: Dir) {
    for (const c of changes) {
      const where = c.rel ? `${location} ${c.rel}` : location;
      if (c.change.startsWith('property-')) {
        if (what !== 'body') continue;
        this.add(propertyRule(c.change, dir), path, where, c.detail);
        continue;
      }
      const prefix = what === 'parameter' ? 'request-parameter' : what === 'header' ? 'response-header' : `${dir}-${c.rel ? 'property' : 'body'}`;
      this.add(`${prefix}-${c.change}`, path, where, c.detail);
    }
  }
}

const PROPERTY_RULES: Record<Dir, Record<string, string>> = {
  request: {
    'property-added-required': 'new-required-request-property',
    'property-added-optional': 'new-optional-request-property',
    'property-removed-required': 'request-property-removed',
    'property-removed-optional': 'request-property-removed',
    'property-became-required': 'request-property-became-required',
    'property-became-optional': 'request-property-became-optional',
  },
  response: {
    'property-added-required': 'response-required-property-added',
    'property-added-optional': 'response-optional-property-added',
    'property-removed-required': 'response-required-property-removed',
    'property-removed-optional': 'response-optional-property-removed',
    'property-became-required': 'response-property-became-required',
    'property-became-optional': 'response-property-became-optional',
  },
};
const propertyRule = (change: string, dir: Dir) => PROPERTY_RULES[dir][change]!;

/** RFC 3339 date or date-time of `x-sunset`; undefined when absent, NaN when unparseable. */
export function sunsetOf(x: Record<string, unknown>): number | undefined {
  const v = x['x-sunset'];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}([Tt ].+)?$/.test(v)) return Number.NaN;
  return Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
}

/**
 * The removal verdict of a deprecatable element: not deprecated -> 'without'; deprecated with an
 * x-sunset still ahead (or unparseable) -> 'before'; deprecated with none or a passed one -> 'with'.
 */
export function removalKind(x: Record<string, unknown>, now: number): 'without' | 'before' | 'with' {
  if (x.deprecated !== true) return 'without';
  const sunset = sunsetOf(x);
  if (sunset === undefined) return 'with';
  return Number.isNaN(sunset) || sunset > now ? 'before' : 'with';
}
