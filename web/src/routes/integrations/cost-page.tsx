import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAllTeams } from '../teams';
import { useComponentNames, useCostAvailability, useCostSummary, useCostSync, useTeamCost } from './queries';
import { Chart } from '../../components/charts/chart';
import { Field, Select } from '../../components/ui/input';
import { NotConfigured } from '../../components/ui/not-configured';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { ActionOutcome } from '../../components/ui/action-outcome';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/states';
import { IntegrationShell, Section } from './integration-shell';
import { systemConfig } from './systems';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime, formatMoney } from '../../lib/format';

const route = getRouteApi('/app/integrations/cost');
const CONFIG = systemConfig('/integrations/cost');
const usd = (v: number) => formatMoney(v);

function CostBars({ label, rows }: { label: string; rows: { name: string; total: number }[] }) {
  const series = useMemo(
    () => [{ name: 'Total cost', points: rows.map((r) => [r.name, r.total] as [string, number]) }],
    [rows],
  );
  return <Chart kind="bar" label={label} series={series} format={usd} height={240} />;
}

/** Components' costs as chart rows, each named after its catalog component (its id's start until the name is read). */
function useCostRows(list: { componentId: string; totalCost: number }[] | undefined) {
  const names = useComponentNames(list?.map((c) => c.componentId) ?? []);
  return useMemo(
    () =>
      (list ?? []).map((c) => ({
        name: names.get(c.componentId) ?? c.componentId.slice(0, 8),
        total: c.totalCost,
      })),
    [list, names],
  );
}

function TeamCost({ teamId }: { teamId: string }) {
  const summary = useTeamCost(teamId);
  const rows = useCostRows(summary.data?.components);
  return (
    <QueryState
      query={summary}
      label="team cost"
      isEmpty={(s) => s.components.length === 0}
      empty={{ title: 'No cost for this team', body: 'The team owns no component with stored cost records.' }}
    >
      {(s) => (
        <div className="grid gap-3">
          <p className="text-[13px]">
            Total: <strong className="tabular-nums">{formatMoney(s.totalCost, s.currency)}</strong>
          </p>
          <CostBars label={`Cost per component of the team, ${rows.length} components`} rows={rows} />
          <SimpleTable label="Team cost per component" head={['Component', 'Total', 'Window']}>
            {s.components.map((c, i) => (
              <tr key={c.componentId}>
                <td className="font-medium">{rows[i]?.name}</td>
                <td className="tabular-nums">{formatMoney(c.totalCost, s.currency)}</td>
                <td>{c.window}</td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
    </QueryState>
  );
}

type Summary = ReturnType<typeof useCostSummary>;

function MostExpensive({ summary }: { summary: Summary }) {
  const rows = useCostRows(summary.data);
  return (
    <Section title="Most expensive components">
      <QueryState
        query={summary}
        label="cost summary"
        isEmpty={(l) => l.length === 0}
        empty={{
          title: 'No cost records',
          body: 'The cost sync stores a record for each component OpenCost allocates cost to.',
        }}
      >
        {(list) => (
          <div className="grid gap-3">
            <CostBars label={`Total cost of the ${rows.length} most expensive components`} rows={rows} />
            <SimpleTable label="Cost per component" head={['Component', 'Total', 'Budget', 'Synced']}>
              {list.map((c, i) => (
                <tr key={c.componentId}>
                  <td className="font-medium">{rows[i]?.name}</td>
                  <td className="tabular-nums">{formatMoney(c.totalCost, c.currency)}</td>
                  <td className="tabular-nums">{c.budgetUsd == null ? '—' : formatMoney(c.budgetUsd)}</td>
                  <td>{formatDateTime(c.syncedAt)}</td>
                </tr>
              ))}
            </SimpleTable>
          </div>
        )}
      </QueryState>
    </Section>
  );
}

/** The team whose cost is charted, kept in the address (`?team=`). */
function TeamSection() {
  const { team } = route.useSearch();
  const navigate = route.useNavigate();
  const teams = useAllTeams();
  return (
    <Section title="Cost per team">
      <Field label="Team">
        {(id) => (
          <Select
            id={id}
            value={team ?? ''}
            onChange={(e) => void navigate({ search: (s) => ({ ...s, team: e.target.value || undefined }) })}
            className="max-w-sm"
          >
            <option value="">Choose a team</option>
            {teams.data?.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.displayName || t.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {team ? (
        <TeamCost teamId={team} />
      ) : (
        <EmptyState title="Choose a team">The team’s components and their cost are charted here.</EmptyState>
      )}
    </Section>
  );
}

export function CostPage() {
  const available = useCostAvailability();
  const summary = useCostSummary(20);
  const admin = useIsAdmin();
  const sync = useCostSync();
  return (
    <IntegrationShell
      title="Cost"
      intro="Infrastructure cost from OpenCost, synced into stored records per component."
      actions={
        admin ? (
          <Button variant="secondary" size="sm" disabled={sync.isPending} onClick={() => sync.mutate()}>
            Sync costs now
          </Button>
        ) : undefined
      }
    >
      <ActionOutcome action={sync} done={(d) => `${d.synced} cost records synced.`} />
      {available.data && !available.data.available && (
        <NotConfigured {...CONFIG}>
          OpenCost does not answer. Records stored by earlier syncs are shown below.
        </NotConfigured>
      )}
      <MostExpensive summary={summary} />
      <TeamSection />
    </IntegrationShell>
  );
}
