import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useDoraMetrics, type DoraMetrics, type DoraSlice, type DrillKind } from './queries';
import { useAllTeams } from '../teams';
import { DemoHint } from '../../components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { DoraTrends } from './dora-trends';
import { DORA_DRILLS, DORA_WINDOWS, windowOf, type DoraSearch } from './dora-search';
import { DRILL_LABELS, Drilldown } from './dora-drilldown';
import { QueryState } from '../../components/ui/query-state';
import { BandBadge, Keys } from './dora-keys';

const route = getRouteApi('/app/dora');
type Team = { id: string; name: string };

/**
 * Whose figures (the organization's production, or a team's) and over how many days; the overall band
 * once the figures are in. Typed with DoraSearch, not the route's search (decision 1191).
 */
function DoraFilters({
  search,
  days,
  teams,
  set,
  metrics,
}: {
  search: DoraSearch;
  days: NonNullable<DoraSearch['days']>;
  teams: Team[];
  set: (patch: Partial<DoraSearch>) => void;
  metrics?: DoraMetrics;
}) {
  return (
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
          {teams.map((t) => (
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
      {metrics && (
        <p className="flex items-center gap-1.5 pb-1.5" aria-label="Overall band">
          Overall <BandBadge band={metrics.band} />
        </p>
      )}
    </div>
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
        <DoraFilters search={search} days={days} teams={teams.data?.teams ?? []} set={set} metrics={metrics.data} />
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
