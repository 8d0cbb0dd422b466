import { getRouteApi } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { useDoraDrilldown, useDoraMetrics, type DoraSlice, type DrillKind } from './queries';
import { useAllTeams } from '../teams';
import { Button } from '../../components/ui/button';
import { DemoHint, EmptyState } from '../../components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { DoraTrends } from './dora-trends';
import { DORA_DRILLS, DORA_WINDOWS, duration, windowOf } from './dora-search';
import { formatDateTimeUtc } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';
import { BandBadge, Keys } from './dora-keys';

const route = getRouteApi('/app/dora');
const PAGE = 25;

function Table({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table aria-label={label} className="w-full text-left text-[13px]">
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t">
              {r.map((c, j) => (
                <td key={j} className="px-3 py-1.5 whitespace-nowrap">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const DRILL_LABELS: Record<DrillKind, string> = {
  deployments: 'Deployments',
  failed: 'Failed deployments',
  changes: 'Changes',
  skewed: 'Skewed commits',
  incidents: 'Incidents',
};

function Drilldown({
  kind,
  slice,
  page,
  onPage,
}: {
  kind: DrillKind;
  slice: DoraSlice;
  page: number;
  onPage: (p: number) => void;
}) {
  const q = useDoraDrilldown(kind, slice, { skip: (page - 1) * PAGE, take: PAGE });
  return (
    <QueryState query={q} label={DRILL_LABELS[kind].toLowerCase()} rows={4}>
      {(loaded) => {
        const { total } = loaded.page;
        if (total === 0) return <EmptyState title={`No ${DRILL_LABELS[kind].toLowerCase()} in this window`} />;
        let table;
        if (loaded.kind === 'deployments' || loaded.kind === 'failed') {
          table = (
            <Table
              label={DRILL_LABELS[kind]}
              head={[
                'Deployed (UTC)',
                'Component',
                'Environment',
                'Version',
                'Failed',
                'Incidents',
                'Recovery',
                'Commits',
              ]}
              rows={loaded.page.data.map((d) => [
                formatDateTimeUtc(d.deployedAt),
                d.componentName,
                d.environmentName,
                d.version,
                d.failed ? (d.rolledBackAt ? 'rolled back' : 'yes') : 'no',
                d.incidentIds.length,
                d.failed ? duration(d.recoverySeconds) : '—',
                d.changesStatus === 'read' ? d.changeCount : d.changesStatus.replace('_', ' '),
              ])}
            />
          );
        } else if (loaded.kind === 'changes' || loaded.kind === 'skewed') {
          table = (
            <Table
              label={DRILL_LABELS[kind]}
              head={['Commit', 'Committed (UTC)', 'Deployed (UTC)', 'Lead time', 'Component']}
              rows={loaded.page.data.map((c) => [
                c.sha.slice(0, 12),
                formatDateTimeUtc(c.committedAt),
                formatDateTimeUtc(c.deployedAt),
                c.skewed ? `skewed (${duration(-c.leadSeconds)} after)` : duration(c.leadSeconds),
                c.componentName,
              ])}
            />
          );
        } else if (loaded.kind === 'incidents') {
          table = (
            <Table
              label={DRILL_LABELS[kind]}
              head={['Opened (UTC)', 'Title', 'Severity', 'Status', 'Resolved (UTC)', 'Component', 'Deployed (UTC)']}
              rows={loaded.page.data.map((i) => [
                formatDateTimeUtc(i.createdAt),
                i.title,
                i.severity,
                i.status,
                formatDateTimeUtc(i.resolvedAt),
                i.componentName,
                formatDateTimeUtc(i.deployedAt),
              ])}
            />
          );
        }
        const pages = Math.max(1, Math.ceil(total / PAGE));
        return (
          <div className="grid gap-2">
            {table}
            <nav
              aria-label={`${DRILL_LABELS[kind]} pages`}
              className="flex items-center justify-end gap-2 text-[13px] text-muted-foreground"
            >
              <span>{total} records</span>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                <ChevronLeft aria-hidden className="size-3.5" /> Previous
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                Next <ChevronRight aria-hidden className="size-3.5" />
              </Button>
            </nav>
          </div>
        );
      }}
    </QueryState>
  );
}

export function DoraPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const days = search.days ?? 30;
  const drill = search.drill ?? 'deployments';
  const page = search.page ?? 1;
  const slice: DoraSlice = useMemo(
    () => ({ scope: search.scope ?? 'organization', id: search.id, ...windowOf(days) }),
    [search.scope, search.id, days],
  );
  const metrics = useDoraMetrics(slice);
  const teams = useAllTeams();
  const set = (patch: Partial<typeof search>) =>
    void navigate({ search: (s) => ({ ...s, page: undefined, ...patch }), replace: true });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-0.5">
          <h1 className="text-xl font-semibold tracking-tight">DORA metrics</h1>
          <p className="text-[13px] text-muted-foreground">
            The four keys from Hangar's deployments, commits and incidents.{' '}
            {metrics.data && `Bands: ${metrics.data.bandSource}.`}
          </p>
        </div>
        <div className="ms-auto flex flex-wrap items-end gap-3 text-[13px]">
          <label className="grid gap-1">
            <span className="text-muted-foreground">Scope</span>
            <select
              className="h-8 rounded-md border bg-background px-2"
              value={search.scope === 'team' ? search.id : search.scope ? 'other' : ''}
              onChange={(e) =>
                set(e.target.value ? { scope: 'team', id: e.target.value } : { scope: undefined, id: undefined })
              }
            >
              <option value="">Organization (production)</option>
              {search.scope && search.scope !== 'team' && <option value="other">This {search.scope}</option>}
              {teams.data?.teams.map((t) => (
                <option key={t.id} value={t.id}>
                  Team {t.name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className="text-muted-foreground">Window</span>
            <select
              className="h-8 rounded-md border bg-background px-2"
              value={days}
              onChange={(e) => set({ days: Number(e.target.value) as typeof days })}
            >
              {DORA_WINDOWS.map((d) => (
                <option key={d} value={d}>
                  Last {d} days
                </option>
              ))}
            </select>
          </label>
          {metrics.data && (
            <p className="flex items-center gap-1.5 pb-1.5" aria-label="Overall band">
              Overall <BandBadge band={metrics.data.band} />
            </p>
          )}
        </div>
      </div>
      <QueryState query={metrics} label="DORA metrics" rows={4}>
        {(data) => (
          <>
            <Keys m={data} onDrill={(d) => set({ drill: d })} />
            <section aria-labelledby="dora-trends-title" className="grid gap-2 rounded-lg border bg-card p-4">
              <h2 id="dora-trends-title" className="text-sm font-semibold">
                Daily trend
              </h2>
              {data.deploymentFrequency.deployments === 0 ? (
                <div className="text-[13px] text-muted-foreground">
                  <p>No deployments in this window.</p>
                  <DemoHint />
                </div>
              ) : (
                <DoraTrends series={data.series} />
              )}
            </section>
            <section aria-labelledby="dora-drill-title" className="grid gap-2">
              <h2 id="dora-drill-title" className="text-sm font-semibold">
                Records behind the figures
              </h2>
              <Tabs value={drill} onValueChange={(v) => set({ drill: v as DrillKind })}>
                <TabsList aria-label="Records">
                  {DORA_DRILLS.map((d) => (
                    <TabsTrigger key={d} value={d}>
                      {DRILL_LABELS[d]}
                    </TabsTrigger>
                  ))}
                </TabsList>
                <TabsContent value={drill}>
                  <Drilldown
                    kind={drill}
                    slice={slice}
                    page={page}
                    onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })}
                  />
                </TabsContent>
              </Tabs>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
