import { Columns3, SlidersHorizontal, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { CatalogFacets } from './queries';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/input';
import { ListFilter } from '../../components/ui/list-filter';
import {
  CATALOG_COLUMNS,
  CATALOG_FILTERS,
  colsParam,
  visibleColumns,
  type CatalogColumn,
  type CatalogFilter,
  type CatalogSearch,
} from '../../lib/search-params';
import { COLUMN_LABELS } from './catalog-columns';
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

function ColumnMenu({ columns, onChange }: { columns: CatalogColumn[]; onChange: (cols: CatalogColumn[]) => void }) {
  const toggle = (col: CatalogColumn) => {
    const next = columns.includes(col) ? columns.filter((c) => c !== col) : CATALOG_COLUMNS.filter((c) => c === col || columns.includes(c));
    onChange(next);
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Columns3 aria-hidden className="size-3.5" /> Columns
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-md border bg-card p-1 text-foreground shadow-lg">
          {CATALOG_COLUMNS.map((col) => (
            <DropdownMenu.CheckboxItem
              key={col}
              checked={columns.includes(col)}
              disabled={col === 'name'}
              onCheckedChange={() => toggle(col)}
              onSelect={(e) => e.preventDefault()}
              className="flex items-center gap-2 rounded px-2 py-1.5 text-[13px] outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-muted"
            >
              <span aria-hidden className="grid size-4 place-items-center rounded border border-input text-[10px]">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {COLUMN_LABELS[col]}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function CatalogFilters({ search, facets, update }: { search: CatalogSearch; facets?: CatalogFacets; update: Update }) {
  const [open, setOpen] = useState(false);
  const active = CATALOG_FILTERS.filter((f) => search[f]).length + (search.q ? 1 : 0) + (search.orphan !== undefined ? 1 : 0);
  const columns = visibleColumns(search);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <ListFilter label="Filter by text" placeholder="Filter by name, title, description, tag…" value={search.q} onChange={(q) => update({ q })} />
        <Button variant="secondary" size="sm" className="md:hidden" aria-expanded={open} aria-controls="catalog-filters" onClick={() => setOpen(!open)}>
          <SlidersHorizontal aria-hidden className="size-3.5" /> Filters{active ? ` (${active})` : ''}
        </Button>
        <div className="ml-auto flex items-center gap-2">
          {active > 0 && (
            <Button variant="ghost" size="sm" onClick={() => update(Object.fromEntries([...CATALOG_FILTERS, 'q', 'orphan'].map((k) => [k, undefined])))}>
              <X aria-hidden className="size-3.5" /> Clear filters
            </Button>
          )}
          <ColumnMenu columns={columns} onChange={(cols) => update({ cols: colsParam(cols) })} />
        </div>
      </div>
      <div id="catalog-filters" role="group" aria-label="Filters" className={`${open ? 'flex' : 'hidden'} flex-wrap items-center gap-2 md:flex`}>
        {CATALOG_FILTERS.map((name) => (
          <FacetSelect key={name} name={name} value={search[name]} values={facets?.facets[name] ?? []} onChange={(v) => update({ [name]: v })} />
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
