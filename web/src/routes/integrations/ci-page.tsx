import { getRouteApi } from '@tanstack/react-router';
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
} from './queries';
import { ActionOutcome } from '../../components/ui/action-outcome';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { IntegrationShell, Section, SelectLink, toneOf } from './integration-shell';
import { CredentialGate } from './credential-gate';
import { ResourceTable } from './resource-table';
import { CREDENTIALS_LINK } from './systems';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime, formatDuration } from '../../lib/format';

const route = getRouteApi('/app/integrations/ci');

/** A platform's section: its rows when the organization has its credential, else the notice. */
function Platform({
  type,
  system,
  what,
  children,
}: {
  type: CredentialType;
  system: string;
  what: string;
  children: ReactNode;
}) {
  return (
    <Section title={system}>
      <CredentialGate type={type} what={what} system={{ system, link: CREDENTIALS_LINK }} label={system} rows={2}>
        {children}
      </CredentialGate>
    </Section>
  );
}

/** Jenkins colours: blue success, red failure, yellow unstable, `*_anime` building. */
const jenkinsStatus = (result: string | null, color: string | null) =>
  color?.endsWith('_anime') || result === null ? 'running' : result;

function CloudCi({ admin }: { admin: boolean }) {
  const credentials = useCredentialTypes();
  const pipelines = useCloudciPipelines(credentials.data?.has('cloudci') === true);
  const trigger = useTriggerCloudci();
  return (
    <>
      <ActionOutcome action={trigger} done={(_, slug) => `Pipeline triggered for ${slug}.`} />
      <ResourceTable
        query={pipelines}
        label="CircleCI pipelines"
        empty={{ title: 'No pipelines', body: 'CircleCI reports no pipeline for the followed projects.' }}
        table="CircleCI pipelines"
        head={['Project', 'Number', 'State', 'Branch', 'Trigger', 'Created', ...(admin ? [''] : [])]}
      >
        {(list) =>
          list.map((p) => (
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
          ))
        }
      </ResourceTable>
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
      <ActionOutcome action={trigger} done={(_, name) => `Build of ${name} queued.`} />
      <ResourceTable
        query={jobs}
        label="Jenkins jobs"
        empty={{ title: 'No jobs', body: 'The Jenkins server lists no job this user may see.' }}
        table="Jenkins jobs"
        head={['Job', 'Last build', 'Result', 'Started', 'Duration', ...(admin ? [''] : [])]}
      >
        {(list) =>
          list.map((j) => {
            const status = j.lastBuild ? jenkinsStatus(j.lastBuild.result, j.color) : 'never built';
            return (
              <tr key={j.name}>
                <td className="font-medium">
                  <SelectLink search={{ job: j.name }} selected={job === j.name}>
                    {j.name}
                  </SelectLink>
                </td>
                <td className="tabular-nums">{j.lastBuild ? `#${j.lastBuild.number}` : '—'}</td>
                <td>
                  <Badge tone={toneOf(status)}>{status}</Badge>
                </td>
                <td>{formatDateTime(j.lastBuild?.timestamp)}</td>
                <td>{formatDuration(j.lastBuild?.duration)}</td>
                {admin && (
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={trigger.isPending}
                      onClick={() => trigger.mutate(j.name)}
                      aria-label={`Build ${j.name}`}
                    >
                      <Play aria-hidden className="size-3.5" /> Build
                    </Button>
                  </td>
                )}
              </tr>
            );
          })
        }
      </ResourceTable>
      {job && (
        <ResourceTable
          query={builds}
          label={`builds of ${job}`}
          empty={{ title: `No builds of ${job}`, body: 'The job has not run yet.' }}
          table={`Builds of ${job}`}
          head={['Build', 'Result', 'Started', 'Duration']}
        >
          {(list) =>
            list.map((b) => {
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
            })
          }
        </ResourceTable>
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
      <ActionOutcome action={restart} done={(_, id) => `Build ${id} restarted.`} />
      <ResourceTable
        query={builds}
        label="Travis CI builds"
        empty={{ title: 'No builds', body: 'Travis CI reports no build for this token.' }}
        table="Travis CI builds"
        head={['Repository', 'Build', 'State', 'Branch', 'Commit', 'Finished', 'Duration', ...(admin ? [''] : [])]}
      >
        {(list) =>
          list.map((b) => (
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
          ))
        }
      </ResourceTable>
    </>
  );
}

export function CiPage() {
  const admin = useIsAdmin();
  return (
    <IntegrationShell
      title="CI"
      intro="Pipelines, jobs and builds of the three CI platforms, with the organization's stored credentials. Builds update live."
    >
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
