import { getRouteApi, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { PIPELINES_PAGE_SIZE, usePipelines, type Pipeline } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { DemoHint, EmptyState } from '../../components/ui/states';
import { ListFilter } from '../../components/ui/list-filter';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';
import { Pager } from '../../components/ui/pager';

const route = getRouteApi('/app/pipelines');

/** The table's columns: the same for every render, so defined once. */
const COLUMNS: ColumnDef<Pipeline, unknown>[] = [
  {
    id: 'name',
    header: 'Pipeline',
    size: 240,
    cell: ({ row: { original: p } }) => (
      <Link
        to="/pipelines/$pipelineId"
        params={{ pipelineId: p.id }}
        className="font-medium text-primary hover:underline"
      >
        {p.name}
      </Link>
    ),
  },
  {
    id: 'stages',
    header: 'Stages',
    size: 260,
    cell: ({ row: { original: p } }) =>
      p.stages.length === 0 ? (
        <span className="text-muted-foreground">none</span>
      ) : (
        <span className="flex flex-wrap gap-1">
          {p.stages.map((s) => (
            <Badge key={s.id} title={s.name}>
              {s.type}
            </Badge>
          ))}
        </span>
      ),
  },
  {
    id: 'description',
    header: 'Description',
    cell: ({ row: { original: p } }) => p.description || <span className="text-muted-foreground">—</span>,
  },
  {
    id: 'updatedAt',
    header: 'Updated',
    size: 180,
    cell: ({ row: { original: p } }) => formatDateTime(p.updatedAt),
  },
];

/** No pipeline: none matches the search, or there is none yet (then the way to create one). */
function NoPipelines({ q }: { q?: string }) {
  return (
    <EmptyState
      title={q ? `No pipeline matches “${q}”` : 'No pipelines yet'}
      action={
        q ? undefined : (
          <Button asChild size="sm">
            <Link to="/pipelines/new">Create a pipeline</Link>
          </Button>
        )
      }
    >
      {q
        ? 'Search looks in names and descriptions; try another word.'
        : 'A pipeline is an ordered list of stages: scripts, builds, approvals, deploys and notifications.'}
      {!q && <DemoHint />}
    </EmptyState>
  );
}

/** The pipelines of the current organization, searched by name and description on the server. */
export function PipelinesPage() {
  const { q, page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const pipelines = usePipelines({ search: q, page });
  const total = pipelines.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PIPELINES_PAGE_SIZE));

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-xl font-semibold tracking-tight">Pipelines</h1>
        {pipelines.data && <p className="text-[13px] text-muted-foreground">{total} pipelines</p>}
        <Button asChild size="sm" className="ml-auto">
          <Link to="/pipelines/new">
            <Plus aria-hidden className="size-4" /> New pipeline
          </Link>
        </Button>
      </div>
      <ListFilter
        label="Search pipelines"
        value={q}
        onChange={(value) => void navigate({ search: { q: value }, replace: true })}
      />
      <QueryState query={pipelines} label="pipelines" rows={6}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <NoPipelines q={q} />
          ) : (
            <>
              <DataTable
                label="Pipelines"
                columns={COLUMNS}
                data={loaded.data}
                getRowId={(p) => p.id}
                busy={pipelines.isPlaceholderData}
              />
              <Pager page={page} pages={pages} onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
