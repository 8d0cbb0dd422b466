import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid } from '../../kernel/errors.js';
import type { SearchSource } from '../../kernel/search-source.js';
import {
  fuzzyApplies,
  searchQueries,
  searchRepository as repo,
  termWords,
  type SearchTerms,
} from './search.repository.js';
import {
  MATCHES,
  SEARCH_KINDS,
  TOTAL_CAP,
  type SearchHit,
  type SearchKind,
  type SearchQuery,
  type SearchResponse,
} from './search.schemas.js';

export interface SearchDeps {
  db: Database;
  /** The owners' read models, one per kind (wired in index.ts). */
  sources: Record<SearchKind, SearchSource>;
}

function termsOf(q: string): SearchTerms {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(q))
    throw new Invalid('q may not contain control characters', [{ field: 'q', problem: 'control characters' }]);
  const raw = q.trim();
  const name = raw.replace(/"/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  if (!name) throw new Invalid('q must contain something to search for', [{ field: 'q', problem: 'is blank' }]);
  return { raw, name };
}

function kindsOf(list: string | undefined): SearchKind[] {
  if (list === undefined) return [...SEARCH_KINDS];
  const asked = list.split(',').map((k) => k.trim().toLowerCase());
  const unknown = asked.filter((k) => !(SEARCH_KINDS as readonly string[]).includes(k));
  if (unknown.length || asked.length === 0) {
    const problem = `must be a comma-separated list of ${SEARCH_KINDS.join(', ')}`;
    throw new Invalid(`kinds ${problem} (unknown: ${unknown.map((k) => `"${k.slice(0, 30)}"`).join(', ')})`, [
      { field: 'kinds', problem },
    ]);
  }
  return [...new Set(asked as SearchKind[])];
}

/**
 * One search over the catalog's components, APIs and people, teams and templates (decision 106):
 * per kind, the exact name first, then name prefixes, then full-text matches, then fuzzy ones,
 * each tier queried only while the group still has room. Kinds run side by side.
 */
export function createSearchService({ db, sources }: SearchDeps) {
  async function searchKind(kind: SearchKind, terms: SearchTerms, take: number, vocabulary: () => Promise<string[][]>) {
    const source = sources[kind];
    let { tiers, total } = searchQueries(source, terms);
    const items: SearchHit[] = [];
    // The tiers match disjoint rows, and the total counts their union: when every tier before the
    // one that filled the group returned less than it was asked, and no tier comes after it, the
    // total is what those returned plus the filling tier's ranked pool (both capped alike).
    let counted: number | undefined = 0;
    // The vocabulary is read only when a source that has one needs its fuzzy tier or its count (decision 180).
    const withVocabulary = async () => ({ tiers, total } = searchQueries(source, terms, await vocabulary()));
    const fuzzyByVocabulary = source.words !== undefined && fuzzyApplies(terms);
    for (const match of MATCHES) {
      if (match === 'fuzzy' && fuzzyByVocabulary) {
        if (items.length < take) await withVocabulary();
        else counted = undefined; // full before its fuzzy tier: the count must include it
      }
      const tier = tiers[match];
      if (!tier) continue;
      if (items.length >= take) {
        counted = undefined; // a tier that was not asked may hold matches
        continue;
      }
      const asked = take - items.length;
      const query = tier(asked);
      // Only the trigram operators read pg_trgm's threshold setting; the vocabulary's recheck names its thresholds.
      const rows = match === 'fuzzy' && !source.words ? await repo.fuzzyRows(db, query) : await repo.rows(db, query);
      if (counted !== undefined)
        counted =
          rows.length < asked
            ? counted + rows.length
            : rows[0]?.pool === undefined
              ? undefined
              : counted + rows[0].pool;
      for (const { pool: _pool, ...row } of rows)
        items.push({ kind, ...row, match, score: Math.round(Math.min(1, Math.max(0, row.score)) * 1000) / 1000 });
    }
    // A group with room left holds every match; only a full one needs counting, unless the tiers told.
    if (items.length < take) return { kind, total: items.length, items };
    if (counted === undefined && fuzzyByVocabulary) await withVocabulary();
    return {
      kind,
      total: Math.max(Math.min(counted ?? (await repo.count(db, total)), TOTAL_CAP), items.length),
      items,
    };
  }

  return {
    async search(_caller: Caller, q: SearchQuery): Promise<SearchResponse> {
      const terms = termsOf(q.q);
      const kinds = kindsOf(q.kinds);
      // Components and APIs share one vocabulary lookup, made at most once per search.
      let vocabulary: Promise<string[][]> | undefined;
      const lookUp = () => (vocabulary ??= repo.vocabulary(db, termWords(terms.name)));
      const groups = await Promise.all(kinds.map((kind) => searchKind(kind, terms, q.take, lookUp)));
      const found = groups.filter((g) => g.items.length > 0);
      found.sort(
        (a, b) => b.items[0]!.score - a.items[0]!.score || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind),
      );
      return { query: q.q, groups: found };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
