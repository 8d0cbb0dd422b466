import { getRouteApi, Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { RUNS_PAGE, useStack, useStackResources, useStackRuns } from './queries';
import { Badge } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { Changes, IacShell, statusTone } from './iac-shell';
import { TopologyView } from './topology/topology-view';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTime, formatDuration } from '../../lib/format';

const route = getRouteApi('/app/iac/stacks/$stackId');

function Runs({ stackId }: { stackId: string }) {
  const { page = 1 } = route.useSearch();
  const runs = useStackRuns(stackId, page);
  return (
    <QueryState
      query={runs}
      label="runs"
      isEmpty={(r) => r.total === 0}
      empty={{
        title: 'No runs yet',
        body: 'Runs are reported by the IaC automation with POST /api/v1/iac/runs/ingest.',
      }}
    >
      {(r) => (
        <div className="grid gap-2">
          <SimpleTable
            label="Runs"
            head={['Started', 'Type', 'Status', 'Resource changes', 'Duration', 'Triggered by', 'Pipeline']}
          >
            {r.data.map((run) => (
              <tr key={run.id}>
                <td>{formatDateTime(run.startedAt)}</td>
                <td>{run.type}</td>
                <td>
                  <Badge tone={statusTone(run.status)}>{run.status}</Badge>
                </td>
                <td>
                  <Changes changes={run.resourceChanges} />
                </td>
                <td>{formatDuration(run.durationMs)}</td>
                <td>{run.triggeredBy ?? '—'}</td>
                <td>
                  {run.pipelineUrl ? (
                    <a
                      href={run.pipelineUrl}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="inline-flex items-center gap-1 text-primary hover:underline"
                    >
                      Open <ExternalLink aria-hidden className="size-3" />
                      <span className="sr-only">
                        the pipeline of the run started {formatDateTime(run.startedAt)} (new tab)
                      </span>
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </SimpleTable>
          {r.total > RUNS_PAGE && (
            <nav aria-label="Pages of runs" className="flex items-center gap-3 text-[13px]">
              {page > 1 && (
                <Link
                  to="."
                  search={(s) => ({ ...s, page: page - 1 > 1 ? page - 1 : undefined })}
                  className="text-primary hover:underline"
                >
                  Newer
                </Link>
              )}
              <span>
                Page {page} of {Math.ceil(r.total / RUNS_PAGE)} ({r.total} runs)
              </span>
              {page * RUNS_PAGE < r.total && (
                <Link to="." search={(s) => ({ ...s, page: page + 1 })} className="text-primary hover:underline">
                  Older
                </Link>
              )}
            </nav>
          )}
        </div>
      )}
    </QueryState>
  );
}

export function StackPage() {
  const { stackId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const stack = useStack(stackId);
  const view = search.view ?? 'runs';
  // The topology is asked for together with the stack, not after it.
  useStackResources(stackId, view === 'topology');
  return (
    <QueryState
      query={stack}
      label="stack"
      notFound={{
        title: 'No stack with this id',
        action: <TextLink to="/iac">Back to stacks</TextLink>,
      }}
    >
      {(s) => (
        <IacShell
          title={s.name}
          intro={
            <>
              {s.environment}
              {s.provider && ` · ${s.provider}`}
              {s.repositoryUrl && (
                <span className="block break-all">{[s.repositoryUrl, s.basePath].filter(Boolean).join(' · ')}</span>
              )}
            </>
          }
          actions={
            s.externalToolUrl && (
              <a
                href={s.externalToolUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-1 text-[13px] text-primary hover:underline"
              >
                Open in its tool <ExternalLink aria-hidden className="size-3" />
              </a>
            )
          }
        >
          <Tabs
            value={view}
            onValueChange={(v) =>
              void navigate({ search: (p) => ({ ...p, view: v === 'runs' ? undefined : (v as 'topology') }) })
            }
          >
            <TabsList aria-label="Stack sections">
              <TabsTrigger value="runs">Runs</TabsTrigger>
              <TabsTrigger value="topology">Topology</TabsTrigger>
            </TabsList>
            <TabsContent value="runs">
              <Runs stackId={stackId} />
            </TabsContent>
            <TabsContent value="topology">
              <TopologyView
                stackId={stackId}
                stackName={s.name}
                selectedAddress={search.node}
                onSelect={(node) => void navigate({ search: (p) => ({ ...p, node }), replace: true })}
              />
            </TabsContent>
          </Tabs>
        </IacShell>
      )}
    </QueryState>
  );
}
