import { getRouteApi, Link } from '@tanstack/react-router';
import { Activity, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useGatewayCheck, useGatewayHealth, useGatewayRoutes, useGatewaySync } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { ErrorState } from '../../components/ui/states';
import { GatewayRouteDetail } from './detail-panels';
import { DetailsButton, IntegrationShell, toneOf } from './integration-shell';
import { systemConfig } from './systems';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/integrations/gateway');
const CONFIG = systemConfig('/integrations/gateway');
const PAGE = 100;

type Sync = ReturnType<typeof useGatewaySync>;
type Check = ReturnType<typeof useGatewayCheck>;
type GatewayRoute = NonNullable<ReturnType<typeof useGatewayRoutes>['data']>['data'][number];
type Health = NonNullable<ReturnType<typeof useGatewayHealth>['data']>['data'][number];

/** What the last sync and health check answered: their errors, then their counts. */
function Outcomes({ sync, check }: { sync: Sync; check: Check }) {
  return (
    <>
      {sync.error && <ErrorState error={sync.error} />}
      {check.error && <ErrorState error={check.error} />}
      {sync.data && (
        <div role="status" className="text-[13px]">
          {sync.data.synced} routes synced.
          {sync.data.errors.map((e) => (
            <p key={e.gatewayType} className="text-destructive">
              Gateway {e.gatewayType}: {e.message}
            </p>
          ))}
        </div>
      )}
      {check.data && (
        <p role="status" className="text-[13px]">
          {check.data.checked} checked: {check.data.up} up, {check.data.degraded} degraded, {check.data.down} down.
        </p>
      )}
    </>
  );
}

const filterLink = 'rounded-md border px-2 py-1 aria-[current=true]:border-primary aria-[current=true]:bg-accent';

/** All routes or the stale ones only, in the address (`?stale=true`), back to the first page. */
function StaleFilter({ stale }: { stale?: boolean }) {
  return (
    <div className="flex gap-2 text-[13px]" role="group" aria-label="Which routes">
      <Link
        to="."
        search={(s) => ({ ...s, stale: undefined, page: undefined })}
        aria-current={!stale ? 'true' : undefined}
        className={filterLink}
      >
        All routes
      </Link>
      <Link
        to="."
        search={(s) => ({ ...s, stale: true, page: undefined })}
        aria-current={stale ? 'true' : undefined}
        className={filterLink}
      >
        Stale only
      </Link>
    </div>
  );
}

/** Why no route is listed: the settings that enable a gateway, since no route has been synced. */
const noRoutes = (
  <>
    Routes appear after a sync of an enabled gateway. No route has been synced: either no gateway adapter is enabled (
    {CONFIG.settings!.map((s, i) => (
      <span key={s}>
        {i > 0 && ', '}
        <code>{s}</code>
      </span>
    ))}
    ) or it has no routes yet. Sync now to try.
  </>
);

function RouteRow({
  r,
  h,
  selected,
  onSelect,
}: {
  r: GatewayRoute;
  h?: Health;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <tr>
      <td className="font-medium">
        <DetailsButton name={r.name} label={`Details of route ${r.name}`} selected={selected} onSelect={onSelect} />{' '}
        {r.stale && (
          <Badge
            tone="warning"
            title={r.staleSince ? `Gone upstream since ${formatDateTime(r.staleSince)}` : undefined}
          >
            stale
          </Badge>
        )}
      </td>
      <td>{r.gatewayType}</td>
      <td>{r.methods.join(', ') || 'any'}</td>
      <td className="max-w-80 truncate font-mono">{r.paths.join(' ')}</td>
      <td>
        {h ? (
          <Badge tone={toneOf(h.status)}>{h.status}</Badge>
        ) : (
          <span className="text-muted-foreground">not checked</span>
        )}
      </td>
      <td className="tabular-nums">{h ? `${h.latencyMs} ms` : '—'}</td>
      <td>{formatDateTime(r.syncedAt)}</td>
    </tr>
  );
}

/** Previous and next as links, so each page has its address. */
function RoutesPager({ page, total }: { page: number; total: number }) {
  if (total <= PAGE) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-2 text-[13px]">
      {page > 1 && (
        <Link
          to="."
          search={(s) => ({ ...s, page: page - 1 > 1 ? page - 1 : undefined })}
          className="text-primary hover:underline"
        >
          Previous
        </Link>
      )}
      <span>
        Page {page} of {Math.ceil(total / PAGE)}
      </span>
      {page * PAGE < total && (
        <Link to="." search={(s) => ({ ...s, page: page + 1 })} className="text-primary hover:underline">
          Next
        </Link>
      )}
    </nav>
  );
}

export function GatewayPage() {
  const { page = 1, stale } = route.useSearch();
  const routes = useGatewayRoutes(page, stale);
  const health = useGatewayHealth();
  const sync = useGatewaySync();
  const check = useGatewayCheck();
  const admin = useIsAdmin();
  const [selected, setSelected] = useState<string>();
  const latest = useMemo(() => new Map(health.data?.data.map((h) => [h.routeId, h])), [health.data]);
  return (
    <IntegrationShell
      title="Gateway routes"
      intro="Routes read from the enabled API gateways every 15 minutes, probed every 5 minutes. A route gone upstream is marked stale."
      actions={
        <>
          <Button variant="secondary" size="sm" disabled={sync.isPending} onClick={() => sync.mutate()}>
            <RefreshCw aria-hidden className="size-3.5" /> Sync routes
          </Button>
          <Button variant="secondary" size="sm" disabled={check.isPending} onClick={() => check.mutate()}>
            <Activity aria-hidden className="size-3.5" /> Check health
          </Button>
        </>
      }
    >
      <Outcomes sync={sync} check={check} />
      <StaleFilter stale={stale} />
      <QueryState
        query={routes}
        label="gateway routes"
        isEmpty={(p) => p.total === 0}
        empty={{
          title: stale ? 'No stale routes' : 'No gateway routes',
          body: stale ? 'Every synced route still exists upstream.' : noRoutes,
        }}
      >
        {(p) => (
          <div className="grid gap-2">
            <SimpleTable
              label="Gateway routes"
              head={['Route', 'Gateway', 'Methods', 'Paths', 'Health', 'Latency', 'Synced']}
            >
              {p.data.map((r) => (
                <RouteRow
                  key={r.id}
                  r={r}
                  h={latest.get(r.id)}
                  selected={selected === r.id}
                  onSelect={() => setSelected(r.id)}
                />
              ))}
            </SimpleTable>
            <RoutesPager page={page} total={p.total} />
          </div>
        )}
      </QueryState>
      {selected && (
        <GatewayRouteDetail key={selected} id={selected} admin={admin} onClose={() => setSelected(undefined)} />
      )}
    </IntegrationShell>
  );
}
