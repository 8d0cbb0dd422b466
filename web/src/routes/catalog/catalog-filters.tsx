import { SlidersHorizontal, X } from 'lucide-react';
import { lazy, useState } from 'react';
import type { CatalogFacets } from './queries';
import { Button } from '../../components/ui/button';
import { closedMenuTrigger, DeferredMenu } from '../../components/ui/deferred-menu';
import { Select } from '../../components/ui/input';
import { ListFilter } from '../../components/ui/list-filter';
import {
  CATALOG_FILTERS,
  colsParam,
  visibleColumns,
  type CatalogFilter,
  type CatalogSearch,
} from '../../lib/search-params';
import { ColumnsButton } from './columns-button';
import { formatNumber } from '../../lib/format';

const FILTER_LABELS: Record<CatalogFilter, string> = {
  entityKind: 'Entity kind',
  kind: 'Kind',
  type: 'Type',
  owner: 'Owner',
  lifecycle: 'Lifecycle',
  tag: 'Tag',
  system: 'System',
  namespace: 'Namespace',
};

type Update = (patch: Partial<CatalogSearch>) => void;

/** One select per facet: values with their counts (other filters applied); the chosen value stays listed even at zero. */
function FacetSelect({
  name,
  value,
  values,
  onChange,
}: {
  name: CatalogFilter;
  value?: string;
  values: { value: string; count: number }[];
  onChange: (v?: string) => void;
}) {
  const options = value && !values.some((v) => v.value === value) ? [{ value, count: 0 }, ...values] : values;
  return (
    <Select
      aria-label={FILTER_LABELS[name]}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      className="h-8 w-auto max-w-44 text-[13px]"
    >
      <option value="">{FILTER_LABELS[name]}: all</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.value} ({formatNumber(o.count)})
        </option>
      ))}
    </Select>
  );
}

// Radix's menu loads after the first paint (decision 1175).
const ColumnMenu = lazy(() => import('./column-menu'));

function Columns({ search, update }: { search: CatalogSearch; update: Update }) {
  return (
    <DeferredMenu trigger={(open) => <ColumnsButton {...closedMenuTrigger} onClick={open} />}>
      {(defaultOpen) => (
        <ColumnMenu
          columns={visibleColumns(search)}
          onChange={(cols) => update({ cols: colsParam(cols) })}
          defaultOpen={defaultOpen}
        />
      )}
    </DeferredMenu>
  );
}

export function CatalogFilters({
  search,
  facets,
  update,
}: {
  search: CatalogSearch;
  facets?: CatalogFacets;
  update: Update;
}) {
  const [open, setOpen] = useState(false);
  const active =
    CATALOG_FILTERS.filter((f) => search[f]).length + (search.q ? 1 : 0) + (search.orphan !== undefined ? 1 : 0);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <ListFilter
          label="Filter by text"
          placeholder="Filter by name, title, description, tag…"
          value={search.q}
          onChange={(q) => update({ q })}
        />
        <Button
          variant="secondary"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls="catalog-filters"
          onClick={() => setOpen(!open)}
        >
          <SlidersHorizontal aria-hidden className="size-3.5" /> Filters{active ? ` (${active})` : ''}
        </Button>
        <div className="ml-auto flex items-center gap-2">
          {active > 0 && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => update(Object.fromEntries([...CATALOG_FILTERS, 'q', 'orphan'].map((k) => [k, undefined])))}
            >
              <X aria-hidden className="size-3.5" /> Clear filters
            </Button>
          )}
          <Columns search={search} update={update} />
        </div>
      </div>
      <div
        id="catalog-filters"
        role="group"
        aria-label="Filters"
        className={`${open ? 'flex' : 'hidden'} flex-wrap items-center gap-2 md:flex`}
      >
        {CATALOG_FILTERS.map((name) => (
          <FacetSelect
            key={name}
            name={name}
            value={search[name]}
            values={facets?.facets[name] ?? []}
            onChange={(v) => update({ [name]: v })}
          />
        ))}
        <Select
          aria-label="Orphans"
          value={search.orphan === undefined ? '' : String(search.orphan)}
          onChange={(e) => update({ orphan: e.target.value === '' ? undefined : e.target.value === 'true' })}
          className="h-8 w-auto text-[13px]"
        >
          <option value="">Orphans: included</option>
          <option value="true">Orphans only</option>
          <option value="false">Without orphans</option>
        </Select>
      </div>
    </div>
  );
}
