import type { CatIndex } from './search-indices.ports.js';

export interface IndexStats {
  pattern: string;
  index: string;
  docsCount: number;
  storeSize: string;
  health: string;
  status: string;
}

const HEALTH_RANK: Record<string, number> = { green: 0, yellow: 1, red: 2 };

/** Bytes in Elasticsearch's human form: `512b`, `1kb`, `1.2mb` (one decimal, trailing `.0` dropped). */
export function humanSize(bytes: number): string {
  const units = ['b', 'kb', 'mb', 'gb', 'tb', 'pb'];
  let value = bytes;
  let u = 0;
  while (value >= 1024 && u < units.length - 1) {
    value /= 1024;
    u++;
  }
  if (u === 0) return `${Math.round(value)}b`;
  return `${(Math.round(value * 10) / 10).toString()}${units[u]}`;
}

/** Elasticsearch's multi-target syntax: comma-separated, `*` wildcards, `-name` exclusions. */
export function matchesPattern(pattern: string, index: string): boolean {
  let matched = false;
  for (const raw of pattern
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const exclude: boolean = raw.startsWith('-') && matched;
    const glob = exclude ? raw.slice(1) : raw;
    const re = new RegExp(
      `^${glob
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    if (re.test(index)) matched = !exclude;
  }
  return matched;
}

/** Sums the indices a pattern matched: documents and bytes added, the worst health, names comma-joined. */
export function summarise(pattern: string, rows: CatIndex[]): IndexStats {
  const sorted = [...rows].sort((a, b) => a.index.localeCompare(b.index));
  const health = sorted.reduce<string | undefined>(
    (worst, r) => (worst === undefined || (HEALTH_RANK[r.health] ?? 3) > (HEALTH_RANK[worst] ?? 3) ? r.health : worst),
    undefined,
  );
  const statuses = [...new Set(sorted.map((r) => r.status))];
  return {
    pattern,
    index: sorted.map((r) => r.index).join(','),
    docsCount: sorted.reduce((s, r) => s + r.docsCount, 0),
    storeSize: humanSize(sorted.reduce((s, r) => s + r.storeBytes, 0)),
    // No index matched: nothing to report health of.
    health: health ?? 'unknown',
    status: statuses.length === 0 ? 'missing' : statuses.length === 1 ? statuses[0]! : statuses.join(','),
  };
}
