import { getRouteApi, Link } from '@tanstack/react-router';
import { Play, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  useCloudciPipelines,
  useCredentialTypes,
  useHostedciBuilds,
  useRestartHostedci,
  useServerciBuilds,
  useServerciJobs,
  useTriggerCloudci,
  useTriggerServerci,
  type CredentialType,
} from '../../api/queries/integrations';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { NotConfigured } from '../../components/ui/not-configured';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { ErrorState, Loading } from '../../components/ui/states';
import { formatDateTime, formatDuration, IntegrationShell, Section, toneOf } from './integration-shell';
import { CREDENTIALS_LINK } from './systems';
import { useIsAdmin } from '../../lib/use-session';

const route = getRouteApi('/app/integrations/ci');

/** A platform's section: its rows when the organization has its credential, else the notice. */
function Platform({ type, system, what, children }: { type: CredentialType; system: string; what: string; children: ReactNode }) {
  const credentials = useCredentialTypes();
  return (
    <Section title={system}>
      {credentials.isPending ? (
        <Loading rows={2} label={`Loading ${system}`} />
      ) : credentials.error ? (
        <ErrorState error={credentials.error} onRetry={() => void credentials.refetch()} />
      ) : !credentials.data.has(type) ? (
        <NotConfigured system={system} link={CREDENTIALS_LINK}>
          No <code>{type}</code> credential ({what}) is stored for this organization.
        </NotConfigured>
      ) : (
        children
      )}
    </Section>
  );
}

/** Jenkins colours: blue success, red failure, yellow unstable, `*_anime` building. */
const jenkinsStatus = (result: string | null, color: string | null) => (color?.endsWith('_anime') || result === null ? 'running' : result);

function CloudCi({ admin }: { admin: boolean }) {
  const credentials = useCredentialTypes();
  const pipelines = useCloudciPipelines(credentials.data?.has('cloudci') === true);
  const trigger = useTriggerCloudci();
  return (
    <>
      {trigger.error && <ErrorState error={trigger.error} />}
      {trigger.isSuccess && (
        <p role="status" className="text-[13px]">
          Pipeline triggered for {trigger.variables}.
        </p>
      )}
      <QueryState
        query={pipelines}
        label="CircleCI pipelines"
        isEmpty={(l) => l.length === 0}
        empty={{ title: 'No pipelines', body: 'CircleCI reports no pipeline for the followed projects.' }}
      >
        {(list) => (
          <SimpleTable label="CircleCI pipelines" head={['Project', 'Number', 'State', 'Branch', 'Trigger', 'Created', ...(admin ? [''] : [])]}>
            {list.map((p) => (
              <tr key={p.id}>
                <td className="font-medium">{p.projectSlug}</td>
                <td className="tabular-nums">{p.number}</td>
                <td>
                  <Badge tone={toneOf(p.state)}>{p.state}</Badge>
                </td>
                <td>{p.branch ?? p.tag ?? '—'}</td>
                <td>{[p.triggerType, p.actor].filter(Boolean).join(' by ') || '—'}</td>
                <td>{formatDateTime(p.createdAt)}</td>
                {admin && (
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={trigger.isPending}
                      onClick={() => trigger.mutate(p.projectSlug)}
                      aria-label={`Trigger ${p.projectSlug}`}
                    >
                      <Play aria-hidden className="size-3.5" /> Trigger
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </SimpleTable>
        )}
      </QueryState>
    </>
  );
}

function ServerCi({ admin }: { admin: boolean }) {
  const { job } = route.useSearch();
  const credentials = useCredentialTypes();
  const jobs = useServerciJobs(credentials.data?.has('serverci') === true);
  const builds = useServerciBuilds(job);
  const trigger = useTriggerServerci();
  return (
    <>
      {trigger.error && <ErrorState error={trigger.error} />}
      {trigger.isSuccess && (
        <p role="status" className="text-[13px]">
          Build of {trigger.variables} queued.
        </p>
      )}
      <QueryState
        query={jobs}
        label="Jenkins jobs"
        isEmpty={(l) => l.length === 0}
        empty={{ title: 'No jobs', body: 'The Jenkins server lists no job this user may see.' }}
      >
        {(list) => (
          <SimpleTable label="Jenkins jobs" head={['Job', 'Last build', 'Result', 'Started', 'Duration', ...(admin ? [''] : [])]}>
            {list.map((j) => {
              const status = j.lastBuild ? jenkinsStatus(j.lastBuild.result, j.color) : 'never built';
              return (
                <tr key={j.name}>
                  <td className="font-medium">
                    <Link
                      to="."
                      search={(s) => ({ ...s, job: j.name })}
                      className="text-primary hover:underline"
                      aria-current={job === j.name ? 'true' : undefined}
                    >
                      {j.name}
                    </Link>
                  </td>
                  <td className="tabular-nums">{j.lastBuild ? `#${j.lastBuild.number}` : '—'}</td>
                  <td>
                    <Badge tone={toneOf(status)}>{status}</Badge>
                  </td>
                  <td>{formatDateTime(j.lastBuild?.timestamp)}</td>
                  <td>{formatDuration(j.lastBuild?.duration)}</td>
                  {admin && (
                    <td>
                      <Button size="sm" variant="secondary" disabled={trigger.isPending} onClick={() => trigger.mutate(j.name)} aria-label={`Build ${j.name}`}>
                        <Play aria-hidden className="size-3.5" /> Build
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </SimpleTable>
        )}
      </QueryState>
      {job && (
        <QueryState
          query={builds}
          label={`builds of ${job}`}
          isEmpty={(l) => l.length === 0}
          empty={{ title: `No builds of ${job}`, body: 'The job has not run yet.' }}
        >
          {(list) => (
            <SimpleTable label={`Builds of ${job}`} head={['Build', 'Result', 'Started', 'Duration']}>
              {list.map((b) => {
                const status = b.building ? 'running' : (b.result ?? 'running');
                return (
                  <tr key={b.number}>
                    <td className="tabular-nums">{b.displayName ?? `#${b.number}`}</td>
                    <td>
                      <Badge tone={toneOf(status)}>{status}</Badge>
                    </td>
                    <td>{formatDateTime(b.timestamp)}</td>
                    <td>{formatDuration(b.duration)}</td>
                  </tr>
                );
              })}
            </SimpleTable>
          )}
        </QueryState>
      )}
    </>
  );
}

function HostedCi({ admin }: { admin: boolean }) {
  const credentials = useCredentialTypes();
  const builds = useHostedciBuilds(credentials.data?.has('hostedci') === true);
  const restart = useRestartHostedci();
  return (
    <>
      {restart.error && <ErrorState error={restart.error} />}
      {restart.isSuccess && (
        <p role="status" className="text-[13px]">
          Build {restart.variables} restarted.
        </p>
      )}
      <QueryState
        query={builds}
        label="Travis CI builds"
        isEmpty={(l) => l.length === 0}
        empty={{ title: 'No builds', body: 'Travis CI reports no build for this token.' }}
      >
        {(list) => (
          <SimpleTable label="Travis CI builds" head={['Repository', 'Build', 'State', 'Branch', 'Commit', 'Finished', 'Duration', ...(admin ? [''] : [])]}>
            {list.map((b) => (
              <tr key={b.id}>
                <td className="font-medium">{b.repository.slug ?? b.repository.name ?? '—'}</td>
                <td className="tabular-nums">{b.number ? `#${b.number}` : b.id}</td>
                <td>
                  <Badge tone={toneOf(b.state)}>{b.state}</Badge>
                </td>
                <td>{b.branch ?? '—'}</td>
                <td className="max-w-64 truncate">
                  {b.commit.sha && <span className="font-mono">{b.commit.sha.slice(0, 7)} </span>}
                  {b.commit.message}
                </td>
                <td>{formatDateTime(b.finishedAt)}</td>
                <td>{b.duration == null ? '—' : formatDuration(b.duration * 1000)}</td>
                {admin && (
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={restart.isPending}
                      onClick={() => restart.mutate(b.id)}
                      aria-label={`Restart build ${b.number ?? b.id}`}
                    >
                      <RotateCcw aria-hidden className="size-3.5" /> Restart
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </SimpleTable>
        )}
      </QueryState>
    </>
  );
}

export function CiPage() {
  const admin = useIsAdmin();
  return (
    <IntegrationShell title="CI" intro="Pipelines, jobs and builds of the three CI platforms, with the organization's stored credentials. Builds update live.">
      <Platform type="cloudci" system="CircleCI" what="a personal API token">
        <CloudCi admin={admin} />
      </Platform>
      <Platform type="serverci" system="Jenkins" what="server URL, user name and API token">
        <ServerCi admin={admin} />
      </Platform>
      <Platform type="hostedci" system="Travis CI" what="an API token">
        <HostedCi admin={admin} />
      </Platform>
    </IntegrationShell>
  );
}
