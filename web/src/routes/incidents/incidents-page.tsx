import { getRouteApi, Link } from '@tanstack/react-router';
import { INCIDENT_STATUSES, useIncidents, type IncidentStatus, type Severity } from './queries';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/input';
import { DemoHint, EmptyState } from '../../components/ui/states';
import { DeclareIncidentDialog } from './declare-dialog';
import { useIsAdmin } from '../../lib/use-session';
import { SeverityBadge, SeverityOptions, StatusBadge } from './parts';
import { incidentsQuery, INCIDENTS_PAGE_SIZE, type IncidentsSearch } from './search';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';
import { Pager } from '../../components/ui/pager';

const route = getRouteApi('/app/incidents');

type Search = ReturnType<typeof route.useSearch>;
type SetSearch = (patch: Partial<IncidentsSearch>) => void;
type Incident = NonNullable<ReturnType<typeof useIncidents>['data']>['data'][number];

/** Status and severity filters, and the component filter a component's page links with (removable here). */
function IncidentFilters({ search, set }: { search: Search; set: SetSearch }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
      <Select
        aria-label="Status"
        className="w-40"
        value={search.status ?? ''}
        onChange={(e) => set({ status: (e.target.value || undefined) as IncidentStatus | undefined })}
      >
        <option value="">Any status</option>
        {INCIDENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Severity"
        className="w-40"
        value={search.severity ?? ''}
        onChange={(e) => set({ severity: (e.target.value || undefined) as Severity | undefined })}
      >
        <option value="">Any severity</option>
        <SeverityOptions />
      </Select>
      {search.component && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => set({ component: undefined })}
          aria-label="Remove the component filter"
        >
          One component ×
        </Button>
      )}
    </div>
  );
}

function IncidentItem({ i }: { i: Incident }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
      <SeverityBadge severity={i.severity} />
      <Link
        to="/incidents/$incidentId"
        params={{ incidentId: i.id }}
        className="min-w-0 flex-1 basis-48 truncate font-medium text-primary hover:underline"
      >
        {i.title}
      </Link>
      <StatusBadge status={i.status} />
      <span className="text-xs text-muted-foreground">{formatDateTime(i.createdAt)}</span>
    </li>
  );
}

export function IncidentsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const isAdmin = useIsAdmin();
  const incidents = useIncidents(incidentsQuery(search));
  const set: SetSearch = (patch) =>
    void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), replace: true });
  const page = search.page ?? 1;
  const pages = incidents.data ? Math.max(1, Math.ceil(incidents.data.total / INCIDENTS_PAGE_SIZE)) : 1;
  const filtered = !!(search.status || search.severity || search.component);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold tracking-tight">Incidents</h1>
        {incidents.data && <p className="text-[13px] text-muted-foreground">{incidents.data.total} incidents</p>}
        <div className="ml-auto">{isAdmin && <DeclareIncidentDialog />}</div>
      </div>
      <IncidentFilters search={search} set={set} />
      <QueryState query={incidents} label="incidents" rows={6}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <EmptyState title={filtered ? 'No incident matches these filters' : 'No incidents'}>
              {filtered
                ? 'Change or clear the filters.'
                : isAdmin
                  ? 'Declare one when something breaks.'
                  : 'An admin declares incidents when something breaks.'}
              {!filtered && <DemoHint />}
            </EmptyState>
          ) : (
            <>
              <ul aria-label="Incidents" className="grid divide-y rounded-lg border">
                {loaded.data.map((i) => (
                  <IncidentItem key={i.id} i={i} />
                ))}
              </ul>
              <Pager
                page={page}
                pages={pages}
                onPage={(p) => set({ page: p > 1 ? p : undefined })}
                className="justify-end"
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
