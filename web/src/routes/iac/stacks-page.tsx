import { getRouteApi, Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { useIacDashboard, useStacks } from './queries';
import { Badge } from '../../components/ui/badge';
import { Field, Select } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { Changes, IacShell, statusTone } from './iac-shell';
import { formatDateTime, formatDuration } from '../../lib/format';

const route = getRouteApi('/app/iac');

export function StacksPage() {
  const { environment } = route.useSearch();
  const navigate = route.useNavigate();
  const dashboard = useIacDashboard();
  const stacks = useStacks(environment);
  const environments = dashboard.data?.environments ?? [];
  return (
    <IacShell
      title="Infrastructure as code"
      intro="Stacks reported by the IaC automation, with their latest run and its resource changes."
    >
      {dashboard.data && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">Stacks</dt>
            <dd className="text-lg font-semibold tabular-nums">{dashboard.data.totalStacks}</dd>
          </div>
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">Environments</dt>
            <dd className="text-lg font-semibold tabular-nums">{environments.length}</dd>
          </div>
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">Failed last run</dt>
            <dd
              className={`text-lg font-semibold tabular-nums ${dashboard.data.failedLastRun ? 'text-destructive' : ''}`}
            >
              {dashboard.data.failedLastRun}
            </dd>
          </div>
        </dl>
      )}
      <div className="max-w-xs">
        <Field label="Environment">
          {(id) => (
            <Select
              id={id}
              value={environment ?? ''}
              onChange={(e) => void navigate({ search: { environment: e.target.value || undefined } })}
            >
              <option value="">All environments</option>
              {[...new Set([...environments, ...(environment ? [environment] : [])])].map((env) => (
                <option key={env} value={env}>
                  {env}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
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
              <tr key={s.id}>
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
            ))}
          </SimpleTable>
        )}
      </QueryState>
    </IacShell>
  );
}
