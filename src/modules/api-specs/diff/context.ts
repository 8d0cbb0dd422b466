import type { DiffEntry } from './model.js';
import { reachableMarked } from './reach.js';
import { RULES } from './rule-set.js';
import type { CompareResult, Dir, SchemaChange, SchemaComparer, SchemaKind } from './schema.js';

/** A diff that outgrows its budget (decision 306): the caller answers 422 instead of building it. */
export class DiffBudgetExceeded extends Error {
  constructor(readonly changes: number) {
    super(`more than ${changes} changes`);
    this.name = 'DiffBudgetExceeded';
  }
}

/**
 * How many operations a schema entry names in `reaches.operations` by default (the count is always
 * the full one); the whole list is paged by `GET …/diff/reaches` (decision 800).
 */
export const REACHES_LISTED = 20;

/** Collects entries; the rule table fixes each entry's type and level. */
export class DiffContext {
  readonly entries: DiffEntry[] = [];
  /** groups reached from each entry path (operation, channel, webhook) */
  private readonly uses = new Map<string, Set<string>>();
  private changes = 0;
  /** every operation a schema entry reaches, sorted (its `reaches.operations` holds the first `listed`) */
  readonly reachedBy = new Map<DiffEntry, string[]>();

  constructor(
    readonly now: number,
    private readonly maxChanges = Number.POSITIVE_INFINITY,
    private readonly listed = REACHES_LISTED,
  ) {}

  /** Counts one change found; past the budget the whole diff stops. */
  tick() {
    if (++this.changes > this.maxChanges) throw new DiffBudgetExceeded(this.maxChanges);
  }

  add(rule: string, path: string, location: string, detail: string) {
    const def = RULES[rule];
    if (!def) throw new Error(`unknown diff rule ${rule}`);
    this.tick();
    this.entries.push({
      type: def.type,
      breaking: def.level === 'error',
      path,
      detail,
      rule,
      level: def.level,
      location,
    });
  }

  private push(rule: string, path: string, location: string, detail: string, reached?: string[]) {
    const def = RULES[rule]!;
    const entry: DiffEntry = {
      type: def.type,
      breaking: def.level === 'error',
      path,
      detail,
      rule,
      level: def.level,
      location,
    };
    if (reached) {
      entry.reaches = {
        count: reached.length,
        operations: reached.length > this.listed ? reached.slice(0, this.listed) : reached,
      };
      this.reachedBy.set(entry, reached);
    }
    this.entries.push(entry);
  }

  /**
   * The inline changes of a schema compared under `location` (one entry each, on this path), and
   * the groups it links to, remembered so that `addGroups` can tell each group whom it reaches.
   */
  addSchemaChanges(result: CompareResult, path: string, location: string, what: SchemaKind, dir: Dir) {
    for (const c of result.changes) {
      const rule = schemaRule(c, what, dir);
      if (rule) this.push(rule, path, c.rel ? `${location} ${c.rel}` : location, c.detail);
    }
    if (result.links.size) {
      let set = this.uses.get(path);
      if (!set) this.uses.set(path, (set = new Set()));
      for (const l of result.links) set.add(l);
    }
  }

  /**
   * One entry per change of each group (a pair of referenced schemas), with the operations that
   * reach it through the group links, directly or through other schemas (decision 300).
   */
  addGroups(schemas: SchemaComparer) {
    const groups = [...schemas.groups.values()];
    const number = new Map(groups.map((g, i) => [g.key, i]));
    const reach = reachableMarked(
      groups.length,
      groups.map((g) => [...g.links].map((k) => number.get(k)!)),
      groups.map((g) => g.changes.length > 0),
    );
    const reached = new Map<string, string[]>();
    for (const [path, links] of this.uses) {
      const changed = new Set<number>();
      for (const key of links) for (const x of reach[number.get(key)!]!) changed.add(x);
      for (const x of changed) {
        const key = groups[x]!.key;
        let list = reached.get(key);
        if (!list) reached.set(key, (list = []));
        list.push(path);
      }
    }
    for (const g of schemas.groups.values()) {
      if (!g.changes.length) continue;
      const paths = (reached.get(g.key) ?? []).sort();
      const renamed = g.oldRef === g.newRef ? '' : ` (was ${g.oldRef})`;
      for (const c of g.changes) {
        const rule = schemaRule(c, g.kind, g.dir);
        const location = `${g.dir} ${g.kind === 'body' ? '' : `${g.kind} `}schema${c.rel ? ` ${c.rel}` : ''}${renamed}`;
        if (rule) this.push(rule, g.newRef, location, c.detail, paths);
      }
    }
  }
}

/**
 * The rule of a schema change, named by where the schema sits: `request-parameter` and
 * `response-header` keep one prefix (their property events are not reported), bodies use
 * `*-body-*` at the root and `*-property-*` below it.
 */
function schemaRule(c: SchemaChange, what: SchemaKind, dir: Dir): string | undefined {
  if (c.change.startsWith('property-')) return what === 'body' ? propertyRule(c.change, dir) : undefined;
  const prefix =
    what === 'parameter'
      ? 'request-parameter'
      : what === 'header'
        ? 'response-header'
        : `${dir}-${c.rel ? 'property' : 'body'}`;
  return `${prefix}-${c.change}`;
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
