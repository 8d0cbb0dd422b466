import { getRouteApi, Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { useIacDashboard, useStacks } from './queries';
import { Badge } from '../../components/ui/badge';
import { SelectField } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { Changes, IacShell, statusTone } from './iac-shell';
import { cn } from '../../lib/cn';
import { formatDateTime, formatDuration } from '../../lib/format';

const route = getRouteApi('/app/iac');

type Dashboard = NonNullable<ReturnType<typeof useIacDashboard>['data']>;
type Stack = NonNullable<ReturnType<typeof useStacks>['data']>[number];

function Stat({ label, value, alarm }: { label: string; value: number; alarm?: boolean }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('text-lg font-semibold tabular-nums', alarm && 'text-destructive')}>{value}</dd>
    </div>
  );
}

function StackStats({ dashboard }: { dashboard: Dashboard }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Stat label="Stacks" value={dashboard.totalStacks} />
      <Stat label="Environments" value={dashboard.environments.length} />
      <Stat label="Failed last run" value={dashboard.failedLastRun} alarm={!!dashboard.failedLastRun} />
    </dl>
  );
}

/** The environment filter (`?environment=`): the dashboard's environments, and the chosen one even if it has none. */
function EnvironmentFilter({ environments, environment }: { environments: string[]; environment?: string }) {
  const navigate = route.useNavigate();
  return (
    <div className="max-w-xs">
      <SelectField
        label="Environment"
        value={environment ?? ''}
        onChange={(e) => void navigate({ search: { environment: e.target.value || undefined } })}
      >
        <option value="">All environments</option>
        {[...new Set([...environments, ...(environment ? [environment] : [])])].map((env) => (
          <option key={env} value={env}>
            {env}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function StackRow({ s }: { s: Stack }) {
  return (
    <tr>
      <td className="font-medium">
        <Link to="/iac/stacks/$stackId" params={{ stackId: s.id }} className="text-primary hover:underline">
          {s.name}
        </Link>
        {s.basePath && <span className="block font-mono text-xs text-muted-foreground">{s.basePath}</span>}
      </td>
      <td>{s.environment}</td>
      <td>{s.provider ?? '—'}</td>
      <td>
        {s.latestRun ? (
          <>
            <Badge tone={statusTone(s.latestRun.status)}>{s.latestRun.status}</Badge>{' '}
            <span className="text-xs">{s.latestRun.type}</span>
          </>
        ) : (
          <span className="text-muted-foreground">no run</span>
        )}
      </td>
      <td>
        <Changes changes={s.latestRun?.resourceChanges} />
      </td>
      <td>{formatDateTime(s.latestRun?.startedAt)}</td>
      <td>{formatDuration(s.latestRun?.durationMs)}</td>
      <td>
        {s.externalToolUrl ? (
          <a
            href={s.externalToolUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 text-primary hover:underline"
          >
            Open <ExternalLink aria-hidden className="size-3" />
            <span className="sr-only">{s.name} in its tool (new tab)</span>
          </a>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

export function StacksPage() {
  const { environment } = route.useSearch();
  const dashboard = useIacDashboard();
  const stacks = useStacks(environment);
  return (
    <IacShell
      title="Infrastructure as code"
      intro="Stacks reported by the IaC automation, with their latest run and its resource changes."
    >
      {dashboard.data && <StackStats dashboard={dashboard.data} />}
      <EnvironmentFilter environments={dashboard.data?.environments ?? []} environment={environment} />
      <QueryState
        query={stacks}
        label="stacks"
        isEmpty={(l) => l.length === 0}
        empty={{
          title: environment ? `No stacks in ${environment}` : 'No stacks yet',
          body: 'Stacks are reported by the IaC automation with POST /api/v1/iac/stacks/import and its ingestion token (IAC_INGEST_TOKEN).',
        }}
      >
        {(list) => (
          <SimpleTable
            label="Stacks"
            head={['Stack', 'Environment', 'Engine', 'Latest run', 'Changes', 'Started', 'Duration', 'Tool']}
          >
            {list.map((s) => (
              <StackRow key={s.id} s={s} />
            ))}
          </SimpleTable>
        )}
      </QueryState>
    </IacShell>
  );
}
