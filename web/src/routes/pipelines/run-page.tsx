// One run: status, the stage timeline with durations and the approval decision, admin actions where
// the run's state allows them, and the live log (useRunLog: the run's `logs`, then `pipeline.log`).
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import {
  TERMINAL_STATUSES,
  usePipeline,
  usePipelineRun,
  useRunAction,
  useRunLog,
  type Pipeline,
  type PipelineRun,
  type RunAction,
  type StageResult,
} from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { allOf, QueryState } from '../../components/ui/query-state';
import { describeError } from '../../components/ui/states';
import { useIsAdmin } from '../../lib/use-session';
import { LogView } from './log-view';
import { pipelineNotFound } from './pipeline-not-found';
import { between, StatusBadge } from './run-status';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTime, formatDuration } from '../../lib/format';

const route = getRouteApi('/app/pipelines/$pipelineId/runs/$runId');

export function RunPage() {
  const { pipelineId, runId } = route.useParams();
  const pipeline = usePipeline(pipelineId);
  const run = usePipelineRun(pipelineId, runId);
  // Subscribed from the first render, so no line emitted while the run is read is lost.
  const log = useRunLog(run.data, runId, run.refetch);

  return (
    <QueryState
      query={allOf([run, pipeline])}
      label="the run"
      notFound={{
        title: 'No run with this id',
        action: pipeline.data ? (
          <TextLink to="/pipelines/$pipelineId" params={{ pipelineId }}>
            Back to {pipeline.data.name}
          </TextLink>
        ) : (
          pipelineNotFound.action
        ),
      }}
    >
      {([r, p]) => <RunView pipeline={p} run={r} log={log} />}
    </QueryState>
  );
}

function RunView({
  pipeline,
  run: r,
  log,
}: {
  pipeline: Pipeline;
  run: PipelineRun;
  log: ReturnType<typeof useRunLog>;
}) {
  const live = !TERMINAL_STATUSES.includes(r.status);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid gap-1">
        <p className="text-[13px]">
          <Link to="/pipelines" className="text-primary hover:underline">
            Pipelines
          </Link>
          <span aria-hidden className="px-1 text-muted-foreground">
            /
          </span>
          <Link
            to="/pipelines/$pipelineId"
            params={{ pipelineId: pipeline.id }}
            className="text-primary hover:underline"
          >
            {pipeline.name}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold tracking-tight">Run {r.id.slice(0, 8)}</h1>
          <StatusBadge status={r.status} />
          <RunActions run={r} />
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-[13px]">
          <Meta label="Version">{r.version || '—'}</Meta>
          <Meta label="Commit">
            <span className="font-mono">{r.commitSha || '—'}</span>
          </Meta>
          <Meta label="Started">{formatDateTime(r.startedAt)}</Meta>
          <Meta label="Finished">{formatDateTime(r.finishedAt)}</Meta>
          <Meta label="Duration">
            {r.durationMs !== null ? (
              formatDuration(r.durationMs)
            ) : live && r.startedAt ? (
              <Ticking from={r.startedAt} />
            ) : (
              '—'
            )}
          </Meta>
        </dl>
      </div>
      <Timeline pipeline={pipeline} run={r} />
      <section aria-labelledby="log-title" className="grid gap-2">
        <h2 id="log-title" className="text-base font-semibold">
          Log
        </h2>
        <LogView
          buffer={log.buffer}
          version={log.version}
          live={live}
          fileName={`${pipeline.name}-${r.id.slice(0, 8)}`}
        />
      </section>
    </div>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A duration that grows while the run is in progress. */
function Ticking({ from }: { from: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{formatDuration(between(from, null, now))}</>;
}

const ACTIONS: Record<string, RunAction[]> = {
  queued: ['cancel'],
  running: ['cancel'],
  waiting_approval: ['approve', 'reject', 'cancel'],
};
const LABELS: Record<RunAction, string> = { approve: 'Approve', reject: 'Reject', cancel: 'Cancel run' };

/** Approve, reject and cancel: admins only, and only the verbs the run's state allows (the server checks both). */
function RunActions({ run }: { run: PipelineRun }) {
  const isAdmin = useIsAdmin();
  const action = useRunAction(run.pipelineId, run.id);
  const verbs = ACTIONS[run.status] ?? [];
  if (!isAdmin || verbs.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {verbs.map((verb) => (
        <Button
          key={verb}
          size="sm"
          variant={verb === 'approve' ? 'primary' : verb === 'reject' ? 'destructive' : 'secondary'}
          disabled={action.isPending}
          onClick={() => action.mutate(verb)}
        >
          {LABELS[verb]}
        </Button>
      ))}
      {action.error && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(action.error).message}
        </p>
      )}
    </div>
  );
}

type Decided = StageResult & {
  approvedBy?: { username?: string };
  rejectedBy?: { username?: string };
  decidedAt?: string;
  error?: string;
};

function Timeline({ pipeline, run }: { pipeline: Pipeline; run: PipelineRun }) {
  const results = new Map(run.stageResults.map((s) => [s.stageId, s as Decided]));
  // The executing stage has no result yet: it is the first stage without one while the run runs.
  const executing = run.status === 'running' ? pipeline.stages.find((s) => !results.has(s.id))?.id : undefined;
  return (
    <section aria-labelledby="timeline-title" className="grid gap-2">
      <h2 id="timeline-title" className="text-base font-semibold">
        Stages
      </h2>
      {pipeline.stages.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">The pipeline has no stages.</p>
      ) : (
        <ol className="grid gap-1.5">
          {pipeline.stages.map((stage, i) => {
            const result = results.get(stage.id);
            const status = result?.status ?? (stage.id === executing ? 'running' : 'pending');
            const duration = result ? between(result.startedAt, result.finishedAt) : null;
            const approver = result?.approvedBy?.username ?? result?.rejectedBy?.username;
            return (
              <li key={stage.id} className="grid gap-1 rounded-md border px-3 py-2 text-[13px]">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-muted-foreground">{i + 1}.</span>
                  <span className="font-medium">{stage.name}</span>
                  <Badge>{stage.type}</Badge>
                  <StatusBadge status={status} />
                  <span className="ml-auto text-muted-foreground">
                    {result?.startedAt ? `${formatDateTime(result.startedAt)} · ` : ''}
                    {result?.status === 'waiting' ? 'waiting' : formatDuration(duration)}
                  </span>
                </div>
                {stage.type === 'approval' && (
                  <p>
                    {approver ? (
                      <>
                        {result?.approvedBy ? 'Approved' : 'Rejected'} by <strong>{approver}</strong>
                        {result?.decidedAt ? ` at ${formatDateTime(result.decidedAt)}` : ''}
                      </>
                    ) : result?.status === 'waiting' ? (
                      <>
                        Waiting for an admin’s decision
                        {typeof stage.config.message === 'string' && stage.config.message
                          ? `: “${stage.config.message}”`
                          : ''}
                      </>
                    ) : (
                      <span className="text-muted-foreground">No decision</span>
                    )}
                  </p>
                )}
                {result?.error && <p className="text-destructive">{result.error}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
