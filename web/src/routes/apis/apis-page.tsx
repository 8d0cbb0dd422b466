// The API list: catalog entities of kind API (filtered and paged by the server), each with its
// lifecycle and the status of its newest spec version.
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { API_PAGE_SIZE, useApiList, useApiSpecs } from './queries';
import type { Component } from '../../api/types';
import { Badge, LifecycleBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Select } from '../../components/ui/input';
import { ListFilter } from '../../components/ui/list-filter';
import { DemoHint, EmptyState } from '../../components/ui/states';
import type { ApiListSearch } from './apis-search';
import { SpecStatusBadge } from './spec-versions';
import { formatNumber } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/apis');
const LIFECYCLES = ['production', 'experimental', 'deprecated'];

/** The newest spec version of one API, read when its row is on screen (rows are virtualized). */
function LatestSpec({ id }: { id: string }) {
  const specs = useApiSpecs(id);
  if (specs.isPending) return <span className="text-muted-foreground">…</span>;
  if (specs.error) return <span className="text-destructive">unavailable</span>;
  const newest = [...specs.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!newest) return <span className="text-muted-foreground">no spec</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="font-mono">{newest.version}</span>
      <SpecStatusBadge status={newest.status} />
      {specs.data.length > 1 && <span className="text-xs text-muted-foreground">{specs.data.length} versions</span>}
    </span>
  );
}

const columnList: ColumnDef<Component, unknown>[] = [
  {
    id: 'name',
    header: 'API',
    size: 260,
    cell: ({ row: { original: c } }) => (
      <Link
        to="/apis/$namespace/$name"
        params={{ namespace: c.namespace, name: c.name }}
        className="font-medium text-primary hover:underline"
        title={c.description ?? undefined}
      >
        {c.title || c.name}
      </Link>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    size: 110,
    cell: ({ row: { original: c } }) => (c.type ? <Badge>{c.type}</Badge> : '—'),
  },
  {
    id: 'lifecycle',
    header: 'Lifecycle',
    size: 120,
    cell: ({ row: { original: c } }) => <LifecycleBadge lifecycle={c.lifecycle} />,
  },
  { id: 'spec', header: 'Latest spec', size: 220, cell: ({ row: { original: c } }) => <LatestSpec id={c.id} /> },
  { id: 'owner', header: 'Owner', size: 160, cell: ({ row: { original: c } }) => c.owner ?? '—' },
  { id: 'namespace', header: 'Namespace', size: 110, cell: ({ row: { original: c } }) => c.namespace },
];
const columns = columnList.map((c) => ({ ...c, enableSorting: false }));

/** The name filter (typed, so the URL is replaced) and the lifecycle. */
function ApiFilters({ search, update }: { search: ApiListSearch; update: (patch: Partial<ApiListSearch>) => void }) {
  return (
    <div className="flex flex-wrap gap-2" role="search" aria-label="Filter APIs">
      <ListFilter
        label="Filter APIs by name"
        placeholder="Filter by name…"
        value={search.q}
        onChange={(q) => update({ q })}
        className="h-9 w-64 max-w-full sm:w-64"
      />
      <Select
        aria-label="Lifecycle"
        value={search.lifecycle ?? ''}
        onChange={(e) => update({ lifecycle: e.target.value || undefined })}
        className="w-44"
      >
        <option value="">Any lifecycle</option>
        {LIFECYCLES.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** No API at all, or none matching the filters (then a way out). */
function NoApis({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return filtered ? (
    <EmptyState
      title="No API matches these filters"
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  ) : (
    <EmptyState title="No API is registered">
      Register an entity of kind API (with its <code>spec.definition</code>) from a <code>catalog-info.yaml</code>; its
      spec versions appear here.
      <DemoHint />
    </EmptyState>
  );
}

export function ApisPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const current = search.page ?? 1;
  const list = useApiList({ q: search.q, lifecycle: search.lifecycle, page: current });
  const update = (patch: Partial<ApiListSearch>) =>
    void navigate({
      search: (prev) => ({ ...prev, ...patch, ...('page' in patch ? {} : { page: undefined }) }),
      replace: 'q' in patch,
    });

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / API_PAGE_SIZE));
  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="flex items-baseline gap-3">
        <h1 className="text-xl font-semibold tracking-tight">APIs</h1>
        <p className="text-[13px] text-muted-foreground" aria-live="polite">
          {list.data ? `${formatNumber(total)} ${total === 1 ? 'API' : 'APIs'}` : ''}
        </p>
      </div>
      <ApiFilters search={search} update={update} />
      <QueryState query={list} label="APIs" rows={8}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <NoApis filtered={Boolean(search.q || search.lifecycle)} onClear={() => void navigate({ search: {} })} />
          ) : (
            <>
              <DataTable
                label="APIs"
                columns={columns}
                data={loaded.data}
                getRowId={(c) => c.id}
                busy={list.isPlaceholderData}
                maxHeight="calc(100dvh - 15rem)"
              />
              {pages > 1 && (
                <nav
                  aria-label="Pagination"
                  className="flex items-center justify-end gap-2 text-[13px] text-muted-foreground"
                >
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={current <= 1}
                    onClick={() => update({ page: current - 1 > 1 ? current - 1 : undefined })}
                  >
                    <ChevronLeft aria-hidden className="size-3.5" /> Previous
                  </Button>
                  <span>
                    Page {formatNumber(current)} of {formatNumber(pages)}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={current >= pages}
                    onClick={() => update({ page: current + 1 })}
                  >
                    Next <ChevronRight aria-hidden className="size-3.5" />
                  </Button>
                </nav>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}
