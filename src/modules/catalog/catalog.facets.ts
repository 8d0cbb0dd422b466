import { sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Infrastructure } from '../../context.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid } from '../../kernel/errors.js';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { CATALOG_CACHE_NS } from './catalog.lookup.js';
import { loadCatalogModel } from './catalog.model.js';
import { countComponents, countSourceOf } from './catalog.facet-counts.js';
import { whereOf, type FilterColumns, type ListFilter } from './catalog.repository.js';
import { ListComponentsQuery } from './catalog.schemas.js';

/** Values counted per facet: the most frequent first (decision 105). */
const TOP_VALUES = 50;

export const FACETS = ['kind', 'entityKind', 'type', 'owner', 'lifecycle', 'tag', 'system', 'namespace'] as const;
type Facet = (typeof FACETS)[number];

/** What each facet counts: the column its filter matches (references for owner and system, so a value is a filter). */
const columnOf = (t: FilterColumns) =>
  ({
    kind: t.kind,
    entityKind: t.entityKind,
    type: t.type,
    owner: t.ownerRef,
    lifecycle: t.lifecycle,
    system: t.systemRef,
    namespace: t.namespace,
  }) satisfies Record<Exclude<Facet, 'tag'>, unknown>;

export const FacetsQuery = Type.Omit(ListComponentsQuery, ['sort', 'skip', 'take', 'permissions']);
export type FacetsQuery = Static<typeof FacetsQuery>;
const FACET_QUERY_KEYS = new Set(Object.keys(FacetsQuery.properties));

const FacetValues = Type.Array(Type.Object({ value: Type.String(), count: Type.Integer({ minimum: 1 }) }), {
  maxItems: TOP_VALUES,
});
export const FacetsResponse = Type.Object({
  total: Type.Integer({ minimum: 0, description: 'components matching every filter' }),
  facets: Type.Object(Object.fromEntries(FACETS.map((f) => [f, FacetValues])), {
    description: `per facet, the ${TOP_VALUES} most frequent values (then by value) among the components matching every *other* filter`,
  }),
});

type FacetValue = { value: string; count: number };

async function countTags(db: Infrastructure['db'], filter: ListFilter): Promise<FacetValue[]> {
  const s = countSourceOf(filter);
  const where = whereOf(filter, s.columns);
  // One row per (group, tag): on the facet counts a few thousand groups, each weighing its n (decision 181).
  const result = await db.execute(sql`
    SELECT t.value, (${s.n})::int AS count
    FROM ${s.from} CROSS JOIN LATERAL unnest(${s.columns.tags}) AS t(value)
    ${where ? sql`WHERE ${where}` : sql``}
    GROUP BY t.value HAVING ${s.n} > 0 ORDER BY count DESC, t.value ASC LIMIT ${TOP_VALUES}`);
  return (result as unknown as { rows: FacetValue[] }).rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

type ColumnFacet = Exclude<Facet, 'tag'>;

/**
 * Several facets under the same filter in ONE pass over the matching rows: GROUPING SETS, one set
 * per facet, each cut to its top values by a window.
 */
async function countColumns(
  db: Infrastructure['db'],
  facets: ColumnFacet[],
  filter: ListFilter,
): Promise<Record<string, FacetValue[]>> {
  const s = countSourceOf(filter);
  const COLUMN = columnOf(s.columns);
  const where = whereOf(filter, s.columns);
  const sets = sql.join(
    facets.map((f) => sql`(${COLUMN[f]})`),
    sql`, `,
  );
  const facetOf = sql.join(
    facets.map((f) => sql`WHEN grouping(${COLUMN[f]}) = 0 THEN ${f}`),
    sql` `,
  );
  const valueOf = sql.join(
    facets.map((f) => sql`${COLUMN[f]}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT facet, value, count FROM (
      SELECT facet, value, count, row_number() OVER (PARTITION BY facet ORDER BY count DESC, value ASC) AS rank FROM (
        SELECT (CASE ${facetOf} END)::text AS facet, coalesce(${valueOf})::text AS value, (${s.n})::int AS count
        FROM ${s.from} ${where ? sql`WHERE ${where}` : sql``}
        GROUP BY GROUPING SETS (${sets}) HAVING ${s.n} > 0
      ) AS grouped WHERE value IS NOT NULL
    ) AS ranked WHERE rank <= ${TOP_VALUES} ORDER BY facet, rank`);
  const out: Record<string, FacetValue[]> = Object.fromEntries(facets.map((f) => [f, []]));
  for (const r of (result as unknown as { rows: { facet: string; value: string; count: number }[] }).rows) {
    out[r.facet]!.push({ value: r.value, count: Number(r.count) });
  }
  return out;
}

/**
 * Facet counts for the catalog table (decision 105): each facet is counted with every filter but
 * its own, so the table can offer the other values of a chosen filter. Facets that end up under the
 * same filter (all those whose own filter is not set) are counted in one grouped pass; tags in
 * another. Both read the pre-aggregated facet counts unless the filter holds a full-text query
 * (decision 181), so a broad filter sums a few thousand groups instead of reading its rows. Each count is cached under the catalog's cache namespace (dropped on every catalog
 * write) by its filter, so changing one filter recounts only what it narrows.
 */
export function createFacetsService(
  deps: Pick<Infrastructure, 'db' | 'cache' | 'config'>,
  listFilter: (q: ListComponentsQuery) => ListFilter | null,
) {
  const { db, cache } = deps;
  const ttl = deps.config.cacheTtlS;
  // The list's paging does not change what a filter matches.
  const filterOf = (q: FacetsQuery) => listFilter({ ...q, skip: 0, take: 1 });
  return {
    async facets(_caller: Caller, q: FacetsQuery) {
      await loadCatalogModel(); // owner and system references are parsed by Backstage's rules
      const all = filterOf(q);
      const facets = Object.fromEntries(FACETS.map((f) => [f, [] as FacetValue[]])) as Record<Facet, FacetValue[]>;
      const byFilter = new Map<string, { filter: ListFilter; facets: ColumnFacet[] }>();
      let tagFilter: ListFilter | null = null;
      for (const facet of FACETS) {
        const filter = filterOf({ ...q, [facet]: undefined });
        if (!filter) continue;
        if (facet === 'tag') tagFilter = filter;
        else {
          const key = JSON.stringify(filter);
          const entry = byFilter.get(key) ?? { filter, facets: [] };
          entry.facets.push(facet);
          byFilter.set(key, entry);
        }
      }
      const tags = tagFilter;
      const [total] = await Promise.all([
        all
          ? cache.getOrLoad(CATALOG_CACHE_NS, `count:${JSON.stringify(all)}`, ttl, () => countComponents(db, all))
          : 0,
        tags &&
          cache
            .getOrLoad(CATALOG_CACHE_NS, `facet:tag:${JSON.stringify(tags)}`, ttl, () => countTags(db, tags))
            .then((values) => void (facets.tag = values)),
        ...[...byFilter].map(([key, { filter, facets: group }]) =>
          cache
            .getOrLoad(CATALOG_CACHE_NS, `facets:${group.join(',')}:${key}`, ttl, () => countColumns(db, group, filter))
            .then((counted) => Object.assign(facets, counted)),
        ),
      ]);
      return { total, facets };
    },
  };
}

export type FacetsService = ReturnType<typeof createFacetsService>;

export async function catalogFacetsRoutes(app: App, { service }: { service: FacetsService }) {
  app.get(
    '/api/v1/catalog/facets',
    {
      // As on the list: a mistyped filter is a 400, never a silently unfiltered count.
      preValidation: async (req) => {
        const unknown = Object.keys((req.query ?? {}) as object).filter((k) => !FACET_QUERY_KEYS.has(k));
        if (unknown.length) {
          throw new Invalid(
            `unknown query parameter ${unknown.map((k) => `"${k.slice(0, 50)}"`).join(', ')}`,
            unknown.map((k) => ({ field: k.slice(0, 50), problem: 'is not a filter of this list' })),
          );
        }
      },
      schema: {
        tags: ['catalog'],
        operationId: 'catalogFacets',
        summary: 'Facet counts for the component list: the same filters as the list, top values per facet',
        querystring: FacetsQuery,
        response: { 200: FacetsResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.facets(req.caller, req.query),
  );
}
