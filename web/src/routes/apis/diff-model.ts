// The API diff as the view reads it: entries normalised (the server's answer gained fields over time:
// `rule`, `level`, `location`, `reaches`, `summary`; older answers lack some), breaking changes first,
// grouped by level then rule, with counts per rule (decision 176). Pure, unit-tested.

export type Level = 'error' | 'warning' | 'info';

export interface DiffEntry {
  /** the entry's position in the server's answer: how `GET …/diff/reaches` names it */
  index: number;
  type: string;
  breaking: boolean;
  level: Level;
  rule: string;
  path: string;
  location: string;
  detail: string;
  reaches?: { count: number; operations: string[] };
}

export interface RuleGroup {
  rule: string;
  level: Level;
  entries: DiffEntry[];
}

export interface LevelGroup {
  level: Level;
  label: string;
  count: number;
  rules: RuleGroup[];
}

export interface Consumer {
  name: string;
  componentId?: string;
  teamId?: string;
}

export interface DiffView {
  total: number;
  breaking: number;
  groups: LevelGroup[];
  /** Counts per rule and level (the server's `summary` when it sends one in a known shape, else counted here). */
  summary: { rule: string; level: Level; count: number }[];
  consumers: Consumer[];
}

const LEVEL_ORDER: Level[] = ['error', 'warning', 'info'];
const LEVEL_LABELS: Record<Level, string> = { error: 'Breaking changes', warning: 'Warnings', info: 'Other changes' };

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const isLevel = (v: unknown): v is Level => v === 'error' || v === 'warning' || v === 'info';

export function normaliseEntry(raw: Record<string, unknown>, index = 0): DiffEntry {
  const breaking = raw.breaking === true || raw.level === 'error';
  const level: Level = isLevel(raw.level) ? raw.level : breaking ? 'error' : 'info';
  const reachesRaw = raw.reaches as { count?: unknown; operations?: unknown } | undefined;
  const operations = Array.isArray(reachesRaw?.operations)
    ? reachesRaw.operations.filter((o): o is string => typeof o === 'string')
    : [];
  const reaches =
    reachesRaw && typeof reachesRaw === 'object'
      ? { count: typeof reachesRaw.count === 'number' ? reachesRaw.count : operations.length, operations }
      : undefined;
  return {
    index,
    type: str(raw.type, 'modified'),
    breaking,
    level,
    rule: str(raw.rule) || `${str(raw.type, 'modified')}`,
    path: str(raw.path),
    location: str(raw.location),
    detail: str(raw.detail),
    ...(reaches ? { reaches } : {}),
  };
}

function summaryOf(raw: unknown, entries: DiffEntry[]): DiffView['summary'] {
  // Known shapes: [{rule, level, count}] or {byRule: {rule: {level, count}}}; anything else is recounted.
  if (Array.isArray(raw) && raw.every((r) => r && typeof r.rule === 'string' && typeof r.count === 'number'))
    return raw.map((r) => ({ rule: r.rule, level: isLevel(r.level) ? r.level : 'info', count: r.count }));
  const byRule = (raw as { byRule?: unknown } | undefined)?.byRule;
  if (byRule && typeof byRule === 'object' && !Array.isArray(byRule)) {
    const rows = Object.entries(byRule as Record<string, unknown>).map(([rule, v]) => {
      const o = v as { level?: unknown; count?: unknown };
      return typeof v === 'number'
        ? { rule, level: 'info' as Level, count: v }
        : { rule, level: isLevel(o?.level) ? o.level : ('info' as Level), count: Number(o?.count) || 0 };
    });
    if (rows.length) return rows;
  }
  const counts = new Map<string, { rule: string; level: Level; count: number }>();
  for (const e of entries) {
    const key = `${e.level}|${e.rule}`;
    const row = counts.get(key) ?? { rule: e.rule, level: e.level, count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  return [...counts.values()];
}

const sortSummary = (rows: DiffView['summary']) =>
  rows.sort(
    (a, b) =>
      LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level) || b.count - a.count || a.rule.localeCompare(b.rule),
  );

/** Breaking first; inside a level, rules by how many entries they have, then by name; entries by path and location. */
export function buildDiffView(raw: {
  entries?: unknown;
  breakingChanges?: unknown;
  totalChanges?: unknown;
  summary?: unknown;
  affectedConsumers?: unknown;
}): DiffView {
  const entries = (Array.isArray(raw.entries) ? raw.entries : [])
    .map((e: unknown, index: number) =>
      e && typeof e === 'object' ? normaliseEntry(e as Record<string, unknown>, index) : undefined,
    )
    .filter((e): e is DiffEntry => e !== undefined);
  const groups: LevelGroup[] = [];
  for (const level of LEVEL_ORDER) {
    const ofLevel = entries.filter((e) => e.level === level);
    if (!ofLevel.length) continue;
    const byRule = new Map<string, DiffEntry[]>();
    for (const e of ofLevel) byRule.set(e.rule, [...(byRule.get(e.rule) ?? []), e]);
    const rules = [...byRule]
      .map(([rule, list]) => ({
        rule,
        level,
        entries: list.sort((a, b) => a.path.localeCompare(b.path) || a.location.localeCompare(b.location)),
      }))
      .sort((a, b) => b.entries.length - a.entries.length || a.rule.localeCompare(b.rule));
    groups.push({ level, label: LEVEL_LABELS[level], count: ofLevel.length, rules });
  }
  const consumers = (Array.isArray(raw.affectedConsumers) ? raw.affectedConsumers : [])
    .filter((c): c is Consumer => !!c && typeof c === 'object' && typeof (c as Consumer).name === 'string')
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    total: typeof raw.totalChanges === 'number' ? raw.totalChanges : entries.length,
    breaking:
      typeof raw.breakingChanges === 'number' ? raw.breakingChanges : entries.filter((e) => e.level === 'error').length,
    groups,
    summary: sortSummary(summaryOf(raw.summary, entries)),
    consumers,
  };
}

/** Versions compared newest against the one before it by default: `[new, old]` ids, or undefined with fewer than two. */
export function defaultComparison<T extends { id: string; createdAt: string }>(
  versions: T[],
  selected?: string,
): [string, string] | undefined {
  const sorted = [...versions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const current = sorted.findIndex((v) => v.id === selected);
  const i = current >= 0 ? current : 0;
  if (sorted[i + 1]) return [sorted[i].id, sorted[i + 1].id];
  // The oldest version is selected: compare the next newer one against it.
  return i > 0 ? [sorted[i - 1].id, sorted[i].id] : undefined;
}
