import { getRouteApi } from '@tanstack/react-router';
import { useState, type ComponentProps } from 'react';
import {
  useDeleteLocation,
  useLocations,
  useRefreshLocation,
  useRegisterLocation,
  type LocationResult,
} from './locations-queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState, describeError } from '../../components/ui/states';
import { LocationFields, locationBody } from '../../components/catalog/location-fields';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, Pager } from './admin-ui';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/admin/locations');
const SIZE = 50;

/** One row of the locations' list. */
type Location = NonNullable<ReturnType<typeof useLocations>['data']>['data'][number];

type Outcome = { title: string; result?: Omit<LocationResult, 'location'>; error?: string };

/** What a registration or refresh did: counts, the files read, and every problem with its file and document. */
function OutcomePanel({ outcome }: { outcome?: Outcome }) {
  return (
    <div aria-live="polite">
      {outcome && (
        <section aria-label={outcome.title} className="grid gap-2 rounded-lg border bg-card p-3 text-[13px]">
          <h2 className="font-semibold">{outcome.title}</h2>
          {outcome.error ? (
            <p className="text-destructive">{outcome.error}</p>
          ) : outcome.result ? (
            <>
              <p>
                {outcome.result.created.length} created, {outcome.result.updated.length} updated,{' '}
                {outcome.result.unchanged.length} unchanged, {outcome.result.skipped.length} skipped;{' '}
                {outcome.result.files.length} file(s) read
                {outcome.result.files.length ? `: ${outcome.result.files.join(', ')}` : ''}.
              </p>
              {outcome.result.errors.length > 0 ? (
                <>
                  <h3 className="font-medium text-destructive">{outcome.result.errors.length} problem(s)</h3>
                  <ul className="list-disc pl-5">
                    {outcome.result.errors.map((e, i) => (
                      <li key={i}>
                        {[
                          e.file,
                          e.document !== null && e.document !== undefined ? `document ${e.document}` : undefined,
                        ]
                          .filter(Boolean)
                          .join(', ')}
                        {e.file || e.document ? ': ' : ''}
                        {e.message}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>No problems.</p>
              )}
            </>
          ) : null}
        </section>
      )}
    </div>
  );
}

/** "Register location": the form, and what the first read found in the outcome panel. */
function RegisterLocationDialog({ onRegistered }: { onRegistered: (outcome: Outcome) => void }) {
  const register = useRegisterLocation();
  const e = register.error;
  return (
    <AdminFormDialog
      trigger="Register location"
      triggerVariant="primary"
      title="Register a catalog location"
      description="Hangar clones the repository, reads its catalog-info.yaml files (or the file you name) and re-reads it on a schedule."
      submitLabel="Register location"
      pending={register.isPending}
      error={e}
      onOpen={() => register.reset()}
      onSubmit={async (d) => {
        const { location, ...result } = await register.mutateAsync(locationBody(d));
        onRegistered({ title: `Registered ${location.url}`, result });
      }}
    >
      <LocationFields error={e} />
    </AdminFormDialog>
  );
}

/** One location: where it is, its last refresh and problems, and its actions. */
function LocationRow({
  location: l,
  refreshing,
  onRefresh,
  onDelete,
}: {
  location: Location;
  refreshing: boolean;
  onRefresh: () => void;
  onDelete: ComponentProps<typeof ConfirmAction>['onConfirm'];
}) {
  return (
    <tr>
      <td className={cell}>
        <div className="font-mono text-xs break-all">{l.url}</div>
        <div className="text-xs text-muted-foreground">
          {l.branch ? `branch ${l.branch}` : 'default branch'}
          {l.path ? ` · ${l.path}` : ''}
        </div>
      </td>
      <td className={cell}>{formatDateTime(l.lastRefreshedAt)}</td>
      <td className={cell}>
        {l.lastError ? (
          <span className="grid gap-1">
            <Badge tone="danger" className="w-fit">
              problems
            </Badge>
            <span className="text-xs">{l.lastError}</span>
          </span>
        ) : l.lastRefreshedAt ? (
          <Badge tone="success">ok</Badge>
        ) : (
          <Badge>not read yet</Badge>
        )}
      </td>
      <td className={cell}>
        <span className="flex gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Refresh ${l.url}`}
            disabled={refreshing}
            onClick={onRefresh}
          >
            Refresh
          </Button>
          <ConfirmAction
            trigger="Delete"
            triggerLabel={`Delete location ${l.url}`}
            title="Delete this location?"
            description={`${l.url} is no longer read. The entities read from it stay in the catalog until deleted.`}
            confirmLabel="Delete location"
            onConfirm={onDelete}
          />
        </span>
      </td>
    </tr>
  );
}

/** GET/POST /api/v1/catalog/locations, POST /api/v1/catalog/locations/:id/refresh, DELETE /api/v1/catalog/locations/:id. */
export function LocationsPage() {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const locations = useLocations(page, SIZE);
  const refresh = useRefreshLocation();
  const remove = useDeleteLocation();
  const [outcome, setOutcome] = useState<Outcome>();

  const doRefresh = async (id: string, url: string) => {
    setOutcome(undefined);
    try {
      const { location: _location, ...result } = await refresh.mutateAsync(id);
      setOutcome({ title: `Refreshed ${url}`, result });
    } catch (err) {
      setOutcome({ title: `Refreshing ${url} failed`, error: describeError(err).message });
    }
  };

  return (
    <div className="grid gap-4">
      <AdminHeader title="Catalog locations" action={<RegisterLocationDialog onRegistered={setOutcome} />}>
        Git repositories the catalog reads. Each is re-read on a schedule; its last refresh and the problems found are
        shown here.
      </AdminHeader>
      <OutcomePanel outcome={outcome} />
      <QueryState query={locations} label="locations" rows={5}>
        {(loaded) =>
          loaded.total === 0 ? (
            <EmptyState title="No locations registered">
              Register a git repository holding catalog-info.yaml files with “Register location”.
            </EmptyState>
          ) : (
            <>
              <AdminTable label="Catalog locations" head={['Location', 'Last refresh', 'Status', 'Actions']}>
                {loaded.data.map((l) => (
                  <LocationRow
                    key={l.id}
                    location={l}
                    refreshing={refresh.isPending && refresh.variables === l.id}
                    onRefresh={() => void doRefresh(l.id, l.url)}
                    onDelete={() => remove.mutateAsync(l.id)}
                  />
                ))}
              </AdminTable>
              <Pager
                page={page}
                size={SIZE}
                total={loaded.total}
                onPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
