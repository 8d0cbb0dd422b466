// URL search params of the portal's pages, validated: whatever is typed or pasted into the address bar
// becomes a well-formed state (unknown keys dropped, bad values ignored), so any view can be linked
// and a reload shows the same view (decision 147). Pure functions, unit-tested.

/** A same-origin path to return to after sign-in; anything else (other origins, `//host`, schemes) is refused. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return undefined;
  if (value.length > 2000 || value.startsWith('/sign-in') || value.startsWith('/register')) return undefined;
  return value;
}

const text = (value: unknown, max = 200): string | undefined => {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
};
const intIn = (value: unknown, min: number, max: number): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const bool = (value: unknown): boolean | undefined =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

export const CATALOG_SORTS = [
  'name',
  '-name',
  'kind',
  '-kind',
  'createdAt',
  '-createdAt',
  'updatedAt',
  '-updatedAt',
] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const PAGE_SIZES = [25, 50, 100] as const;
export const CATALOG_COLUMNS = [
  'name',
  'kind',
  'type',
  'owner',
  'lifecycle',
  'namespace',
  'tags',
  'updatedAt',
] as const;
export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];
export const DEFAULT_COLUMNS: CatalogColumn[] = ['name', 'kind', 'type', 'owner', 'lifecycle', 'tags'];

/** The visible columns of a catalog view. */
export const visibleColumns = (search: CatalogSearch): CatalogColumn[] =>
  search.cols ? (search.cols.split(',') as CatalogColumn[]) : DEFAULT_COLUMNS;

/** The `cols` param for a column choice: absent when it is the default. */
export const colsParam = (cols: CatalogColumn[]): string | undefined =>
  cols.join(',') === DEFAULT_COLUMNS.join(',') ? undefined : cols.join(',');

/** The catalog filters that map one-to-one onto GET /api/v1/catalog/components query parameters. */
export const CATALOG_FILTERS = [
  'entityKind',
  'kind',
  'type',
  'owner',
  'lifecycle',
  'tag',
  'system',
  'namespace',
] as const;
export type CatalogFilter = (typeof CATALOG_FILTERS)[number];

export interface CatalogSearch extends Partial<Record<CatalogFilter, string>> {
  q?: string;
  orphan?: boolean;
  sort?: CatalogSort;
  /** 1-based page number. */
  page?: number;
  size?: (typeof PAGE_SIZES)[number];
  /** Visible columns, comma-separated (a plain word list in the URL, not JSON); absent means DEFAULT_COLUMNS. */
  cols?: string;
}

export function parseCatalogSearch(raw: Record<string, unknown>): CatalogSearch {
  const out: CatalogSearch = {};
  const q = text(raw.q);
  if (q) out.q = q;
  for (const key of CATALOG_FILTERS) {
    const value = text(raw[key], 300);
    if (value) out[key] = value;
  }
  const orphan = bool(raw.orphan);
  if (orphan !== undefined) out.orphan = orphan;
  if (CATALOG_SORTS.includes(raw.sort as CatalogSort)) out.sort = raw.sort as CatalogSort;
  const page = intIn(raw.page, 1, 1_000_000);
  if (page && page > 1) out.page = page;
  const size = intIn(raw.size, 1, 100);
  if (PAGE_SIZES.includes(size as never)) out.size = size as CatalogSearch['size'];
  const cols = typeof raw.cols === 'string' ? raw.cols.split(',') : Array.isArray(raw.cols) ? raw.cols : undefined;
  if (cols) {
    const valid = [...new Set(cols.filter((c): c is CatalogColumn => CATALOG_COLUMNS.includes(c as CatalogColumn)))];
    if (valid.length) out.cols = (valid.includes('name') ? valid : ['name', ...valid]).join(',');
  }
  return out;
}

/** The query of GET /api/v1/catalog/components for a catalog view (paging in SQL: skip/take). */
export function catalogListQuery(search: CatalogSearch) {
  const size = search.size ?? 50;
  return { ...catalogFilterQuery(search), sort: search.sort, skip: ((search.page ?? 1) - 1) * size, take: size };
}

/** The filters alone: the facets endpoint takes the same ones. */
export function catalogFilterQuery(search: CatalogSearch) {
  const query: Partial<Record<CatalogFilter | 'q', string>> & { orphan?: boolean } = {};
  if (search.q) query.q = search.q;
  for (const key of CATALOG_FILTERS) if (search[key]) query[key] = search[key];
  if (search.orphan !== undefined) query.orphan = search.orphan;
  return query;
}

export const SEARCH_KINDS = ['component', 'api', 'team', 'person', 'template'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchPageSearch {
  q?: string;
  kind?: SearchKind;
}

export function parseSearchPageSearch(raw: Record<string, unknown>): SearchPageSearch {
  const out: SearchPageSearch = {};
  const q = text(raw.q);
  if (q) out.q = q;
  if (SEARCH_KINDS.includes(raw.kind as SearchKind)) out.kind = raw.kind as SearchKind;
  return out;
}

export interface ListSearch {
  q?: string;
  page?: number;
}

/** Teams and people lists: a name filter and a page. */
export function parseListSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const q = text(raw.q, 100);
  if (q) out.q = q;
  const page = intIn(raw.page, 1, 1_000_000);
  if (page && page > 1) out.page = page;
  return out;
}
