// One deployment: what went where, from which pipeline run and commit, who deployed it, whether it
// was rolled back, and what DORA recorded about it (the commits it shipped, the incidents linked to
// it). deployment.* events refresh it live (decision 701).
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useComponentsById, useDeployment, useDeploymentDora, useEnvironment, type DeploymentDetail } from './queries';
import { Badge } from '../../components/ui/badge';
import { SimpleTable } from '../../components/ui/simple-table';
import { QueryState } from '../../components/ui/query-state';
import { Details, notFoundNotice } from './details';
import { DeploymentOrigin } from '../../components/deployments/deployment-origin';
import { ComponentName, StatusBadge } from './feed';
import { formatDateTime, formatSeconds } from '../../lib/format';

const route = getRouteApi('/app/deployments/$deploymentId');

export function DeploymentPage() {
  const { deploymentId } = route.useParams();
  const deployment = useDeployment(deploymentId);
  return (
    <QueryState query={deployment} label="the deployment" notFound={notFoundNotice('deployment')}>
      {(d) => <DeploymentView d={d} />}
    </QueryState>
  );
}

/** Where the deployment came from: a deployment event (source, its id, the sender) or a pipeline run. */
function originItems(d: DeploymentDetail): [string, ReactNode][] {
  return d.source
    ? ([
        ['Reported by', <DeploymentOrigin d={d} />],
        ['Its id there', <span className="font-mono">{d.externalId}</span>],
        [
          'Sent by',
          d.deployedByUsername ?? (
            <span className="text-muted-foreground">{d.deployedBy ? 'a deleted account' : 'a webhook'}</span>
          ),
        ],
      ] as [string, ReactNode][])
    : ([
        [
          'Deployed by',
          d.deployedByUsername ?? (
            <span className="text-muted-foreground">{d.deployedBy ? 'a deleted account' : 'unknown'}</span>
          ),
        ],
        ['Pipeline run', <RunLink d={d} />],
      ] as [string, ReactNode][]);
}

function DeploymentView({ d: d }: { d: DeploymentDetail }) {
  const components = useComponentsById([d.componentId]);
  const environment = useEnvironment(d.environmentId);
  const component = components.get(d.componentId);
  const envName = environment.data?.name ?? d.environmentId.slice(0, 8);
  // A pipeline run's commit, else the revision a deployment event reported (decision 869).
  const commit = d.commitSha && !/^0+$/.test(d.commitSha) ? d.commitSha : d.revision;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-2">
        <Link
          to="/deployments"
          className="flex w-fit items-center gap-1 text-[13px] text-muted-foreground hover:underline"
        >
          <ArrowLeft aria-hidden className="size-3.5" /> Deployments
        </Link>
        <h1 className="text-xl font-semibold tracking-tight break-words">
          {component?.title || component?.name || 'Deployment'} {d.version}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-[13px]">
          <StatusBadge status={d.status} />
          <span className="text-muted-foreground">
            to {envName} · {formatDateTime(d.createdAt)}
          </span>
        </div>
      </div>

      <section aria-labelledby="deployment-details" className="grid gap-3">
        <h2 id="deployment-details" className="text-base font-semibold">
          Details
        </h2>
        <Details
          items={[
            ['Component', <ComponentName id={d.componentId} components={components} />],
            [
              'Environment',
              <Link
                to="/environments/$environmentId"
                params={{ environmentId: d.environmentId }}
                className="text-primary hover:underline"
              >
                {envName}
              </Link>,
            ],
            ['Version', <span className="font-mono">{d.version}</span>],
            [
              'Commit',
              commit ? (
                <span className="font-mono">{commit}</span>
              ) : (
                <span className="text-muted-foreground">not recorded</span>
              ),
            ],
            ['Status', <StatusBadge status={d.status} />],
            ...originItems(d),
            [d.source ? 'Started' : 'Recorded', <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>],
            ['Last change', <time dateTime={d.updatedAt}>{formatDateTime(d.updatedAt)}</time>],
            [
              'Rollback',
              d.status === 'rolled_back' ? (
                <>
                  Rolled back <time dateTime={d.updatedAt}>{formatDateTime(d.updatedAt)}</time>
                </>
              ) : (
                'Not rolled back'
              ),
            ],
          ]}
        />
      </section>

      <DoraSection d={d} />
    </div>
  );
}

function RunLink({ d }: { d: DeploymentDetail }) {
  if (d.pipelineId && d.pipelineRunId)
    return (
      <Link
        to="/pipelines/$pipelineId/runs/$runId"
        params={{ pipelineId: d.pipelineId, runId: d.pipelineRunId }}
        className="text-primary hover:underline"
      >
        {d.pipelineName ?? 'Pipeline'} run {d.pipelineRunId.slice(0, 8)}
      </Link>
    );
  return (
    <span className="text-muted-foreground">
      {d.pipelineRunId ? 'its pipeline was deleted' : 'not made by a pipeline run'}
    </span>
  );
}

const CHANGES_STATUS: Record<string, string> = {
  pending: 'being read from git',
  read: 'read from git',
  no_repository: 'not read: the component names no source repository',
  no_revision: 'not read: the deployment names no commit',
  failed: 'could not be read from git',
};

function DoraSection({ d }: { d: DeploymentDetail }) {
  const dora = useDeploymentDora(d);
  return (
    <section aria-labelledby="deployment-dora" className="grid gap-3">
      <h2 id="deployment-dora" className="text-base font-semibold">
        DORA
      </h2>
      <QueryState query={dora} label="what DORA recorded" rows={3}>
        {(data) =>
          !data.fact ? (
            <p className="text-[13px] text-muted-foreground">
              {d.status === 'succeeded' || d.status === 'rolled_back'
                ? 'DORA has no record of this deployment in this organization yet.'
                : 'DORA counts a deployment once it has succeeded or been rolled back.'}
            </p>
          ) : (
            <>
              <Details
                items={[
                  ['Counted as deployed', formatDateTime(data.fact.deployedAt)],
                  ['Failed deployment', data.fact.failed ? <Badge tone="danger">yes</Badge> : 'no'],
                  [
                    'Recovery time',
                    data.fact.recoverySeconds === null ? '—' : formatSeconds(data.fact.recoverySeconds),
                  ],
                  [
                    'Commits shipped',
                    `${data.fact.changeCount}${data.fact.skewedCount ? ` (${data.fact.skewedCount} dated after the deployment)` : ''}, ${CHANGES_STATUS[data.fact.changesStatus] ?? data.fact.changesStatus}${data.fact.changesError ? `: ${data.fact.changesError}` : ''}`,
                  ],
                ]}
              />
              {data.changes.length > 0 && (
                <SimpleTable label="Commits shipped" head={['Commit', 'Committed', 'Lead time']}>
                  {data.changes.map((c) => (
                    <tr key={c.sha}>
                      <td className="font-mono">{c.sha.slice(0, 12)}</td>
                      <td>{formatDateTime(c.committedAt)}</td>
                      <td>{c.skewed ? 'dated after the deployment' : formatSeconds(c.leadSeconds)}</td>
                    </tr>
                  ))}
                </SimpleTable>
              )}
            </>
          )
        }
      </QueryState>
      {dora.data && (
        <div className="grid gap-1.5">
          <h3 className="text-sm font-semibold">Incidents caused by it</h3>
          {dora.data.incidents.length === 0 ? (
            <p className="text-[13px] text-muted-foreground">No incident names this deployment as its cause.</p>
          ) : (
            <ul className="grid gap-1 text-[13px]">
              {dora.data.incidents.map((i) => (
                <li key={i.incidentId} className="flex flex-wrap items-center gap-2">
                  <Link
                    to="/incidents/$incidentId"
                    params={{ incidentId: i.incidentId }}
                    className="font-medium text-primary hover:underline"
                  >
                    {i.title}
                  </Link>
                  <Badge>{i.severity}</Badge>
                  <span className="text-muted-foreground">
                    {i.status} · opened {formatDateTime(i.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
