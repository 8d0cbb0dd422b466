import { getRouteApi } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useCatalogFacets, useCatalogPage } from './queries';
import { Button } from '../../components/ui/button';
import { DataTable, type SortState } from '../../components/ui/data-table';
import { Select } from '../../components/ui/input';
import { DemoHint, EmptyState } from '../../components/ui/states';
import { PAGE_SIZES, visibleColumns, type CatalogSearch, type CatalogSort } from '../../lib/search-params';
import { catalogColumns } from './catalog-columns';
import { CatalogFilters } from './catalog-filters';
import { useCanRegister } from './can-register';
import { formatNumber } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/catalog');
// Fetched only once the user may register (decision 1175): most readers never load the dialogs.
const RegisterActions = lazy(() => import('./register-actions'));

const toSort = (sort: CatalogSort | undefined): SortState =>
  sort ? { id: sort.replace(/^-/, ''), desc: sort.startsWith('-') } : { id: 'name', desc: false };
const fromSort = (s: SortState | undefined): CatalogSort | undefined =>
  !s || (s.id === 'name' && !s.desc) ? undefined : (`${s.desc ? '-' : ''}${s.id}` as CatalogSort);

function CatalogEmpty({ hasFilters, onClear }: { hasFilters: boolean; onClear: () => void }) {
  return hasFilters ? (
    <EmptyState
      title="No components match these filters"
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear all filters
        </Button>
      }
    >
      Remove a filter or change the text to see more.
    </EmptyState>
  ) : (
    <EmptyState title="The catalog is empty">
      Register components from a repository&apos;s <code>catalog-info.yaml</code> (a catalog location), from pasted YAML
      or with New component (admins and team maintainers); they appear here as soon as they are stored.
      <DemoHint />
    </EmptyState>
  );
}

function Pager({
  current,
  size,
  total,
  update,
}: {
  current: number;
  size: number;
  total: number;
  update: (patch: Partial<CatalogSearch>) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-2 text-[13px] text-muted-foreground"
    >
      <span>
        {formatNumber((current - 1) * size + 1)}–{formatNumber(Math.min(current * size, total))} of{' '}
        {formatNumber(total)}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          aria-label="Rows per page"
          value={size}
          onChange={(e) => update({ size: Number(e.target.value) as CatalogSearch['size'] })}
          className="h-8 w-auto text-[13px]"
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s} per page
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          size="sm"
          disabled={current <= 1}
          onClick={() => update({ page: current - 1 > 1 ? current - 1 : undefined })}
        >
          <ChevronLeft aria-hidden className="size-3.5" /> Previous
        </Button>
        <span className="hidden sm:inline">
          Page {formatNumber(current)} of {formatNumber(pages)}
        </span>
        <Button variant="secondary" size="sm" disabled={current >= pages} onClick={() => update({ page: current + 1 })}>
          Next <ChevronRight aria-hidden className="size-3.5" />
        </Button>
      </div>
    </nav>
  );
}

export function CatalogPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = useCatalogPage(search);
  const facets = useCatalogFacets(search);
  // Admins and team maintainers, as the server says (decision 1143).
  const canRegister = useCanRegister();

  /** Every change is a URL change (linkable, survives reload); a filter change goes back to page 1. */
  const update = useCallback(
    (patch: Partial<CatalogSearch>) => {
      const resetsPage = !('page' in patch);
      void navigate({
        search: (prev) => ({ ...prev, ...patch, ...(resetsPage ? { page: undefined } : {}) }),
        replace: 'q' in patch,
      });
    },
    [navigate],
  );

  const columns = visibleColumns(search);
  const visibility = useMemo(
    () => Object.fromEntries(catalogColumns.map((c) => [c.id!, columns.includes(c.id as never)])),
    [columns],
  );
  const size = search.size ?? 50;
  const current = search.page ?? 1;
  const total = page.data?.total ?? 0;
  const hasFilters = Object.keys(search).some((k) => !['sort', 'page', 'size', 'cols'].includes(k));

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-xl font-semibold tracking-tight">Catalog</h1>
        <p className="text-[13px] text-muted-foreground" aria-live="polite">
          {page.data ? `${formatNumber(total)} ${total === 1 ? 'component' : 'components'}` : ''}
        </p>
        {canRegister && (
          <Suspense fallback={null}>
            <RegisterActions />
          </Suspense>
        )}
      </div>
      <CatalogFilters search={search} facets={facets.data} update={update} />
      <QueryState query={page} label="the catalog" rows={10}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <CatalogEmpty hasFilters={hasFilters} onClear={() => void navigate({ search: {} })} />
          ) : (
            <>
              <DataTable
                label="Catalog components"
                columns={catalogColumns}
                data={loaded.data}
                getRowId={(c) => c.id}
                sort={toSort(search.sort)}
                onSortChange={(s) => update({ sort: fromSort(s) })}
                columnVisibility={visibility}
                busy={page.isPlaceholderData}
                maxHeight="calc(100dvh - 15rem)"
              />
              <Pager current={current} size={size} total={total} update={update} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
