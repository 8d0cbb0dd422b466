// The entity page's URL state (tab, graph filters, spec selection), validated so any pasted URL is a
// well-formed view. Pure, unit-tested.
// From the apis area's routes.tsx, which the shell loads anyway (decision 1151).
import { parseSpecSearch, type SpecSearch } from '../apis/routes';

export interface EntitySearch extends SpecSearch {
  tab?: string;
  /** Graph: relation types shown (comma list in the URL); absent = all. */
  rel?: string[];
  /** Graph: entity kinds shown; absent = all. */
  kinds?: string[];
  /** Graph: 1 = the entity's own relations, 2 = also its neighbours' relations. */
  depth?: 1 | 2;
  dir?: 'LR' | 'TB';
}

const WORD = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

function list(value: unknown): string[] | undefined {
  const parts = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!parts) return undefined;
  const valid = [...new Set(parts.filter((p): p is string => typeof p === 'string' && WORD.test(p)))].slice(0, 30);
  return valid.length ? valid : undefined;
}

export function parseEntitySearch(raw: Record<string, unknown>): EntitySearch {
  // The API specs tab: the version shown, the older one it is compared with, the view.
  const out: EntitySearch = parseSpecSearch(raw);
  if (typeof raw.tab === 'string' && WORD.test(raw.tab)) out.tab = raw.tab;
  const rel = list(raw.rel);
  if (rel) out.rel = rel;
  const kinds = list(raw.kinds);
  if (kinds) out.kinds = kinds.map((k) => k.toLowerCase());
  if (raw.depth === 2 || raw.depth === '2') out.depth = 2;
  if (raw.dir === 'TB') out.dir = 'TB';
  return out;
}
