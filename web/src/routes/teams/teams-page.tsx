import { getRouteApi, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useAllTeams } from './queries';
import type { TeamSummary } from '../../api/types';
import { Badge } from '../../components/ui/badge';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/states';
import { ListFilter } from '../../components/ui/list-filter';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/teams');

/** The teams table's columns; a parent team is looked up by id among all teams. */
function useTeamColumns(byId: Map<string, TeamSummary>) {
  return useMemo<ColumnDef<TeamSummary, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Team',
        size: 240,
        cell: ({ row: { original: t } }) => (
          <Link to="/teams/$teamId" params={{ teamId: t.id }} className="font-medium text-primary hover:underline">
            {t.displayName || t.name}
          </Link>
        ),
      },
      { id: 'type', header: 'Type', size: 100, cell: ({ row: { original: t } }) => <Badge>{t.type}</Badge> },
      {
        id: 'parent',
        header: 'Parent',
        size: 180,
        cell: ({ row: { original: t } }) => {
          const parent = t.parentTeamId ? byId.get(t.parentTeamId) : undefined;
          return parent ? (
            <Link to="/teams/$teamId" params={{ teamId: parent.id }} className="hover:underline">
              {parent.displayName || parent.name}
            </Link>
          ) : (
            <span className="text-muted-foreground">—</span>
          );
        },
      },
      {
        id: 'description',
        header: 'Description',
        cell: ({ row: { original: t } }) => t.description ?? <span className="text-muted-foreground">—</span>,
      },
    ],
    [byId],
  );
}

export function TeamsPage() {
  const { q } = route.useSearch();
  const navigate = route.useNavigate();
  const teams = useAllTeams();
  const byId = useMemo(() => new Map(teams.data?.teams.map((t) => [t.id, t])), [teams.data]);
  const shown = useMemo(() => {
    const needle = q?.toLowerCase();
    const all = teams.data?.teams ?? [];
    return needle
      ? all.filter((t) => `${t.name} ${t.displayName ?? ''} ${t.description ?? ''}`.toLowerCase().includes(needle))
      : all;
  }, [teams.data, q]);

  const columns = useTeamColumns(byId);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex items-baseline gap-3">
        <h1 className="text-xl font-semibold tracking-tight">Teams</h1>
        {teams.data && <p className="text-[13px] text-muted-foreground">{teams.data.total} teams</p>}
      </div>
      <ListFilter
        label="Filter teams by name"
        value={q}
        onChange={(value) => void navigate({ search: { q: value }, replace: true })}
      />
      <QueryState query={teams} label="teams" rows={8}>
        {() =>
          shown.length === 0 ? (
            <EmptyState title={q ? `No team matches “${q}”` : 'No teams yet'}>
              {q
                ? 'Try another name.'
                : 'Teams come from catalog Group entities or are created by admins under Administration → Teams.'}
            </EmptyState>
          ) : (
            <DataTable
              label="Teams"
              columns={columns}
              data={shown}
              getRowId={(t) => t.id}
              maxHeight="calc(100dvh - 13rem)"
            />
          )
        }
      </QueryState>
    </div>
  );
}
