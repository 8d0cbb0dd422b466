// One pipeline: its stages, a trigger form (version and commit), and its last 50 runs (live through
// `pipeline.run.updated`, which invalidates every pipelines query).
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Pencil, Play } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FieldsError } from '../../api/field-errors';
import { useDeletePipeline, usePipeline, usePipelineRuns, useTriggerPipeline, type Pipeline } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { describeError, EmptyState } from '../../components/ui/states';
import { pipelineNotFound } from './pipeline-not-found';
import { StatusBadge } from './run-status';
import { formatDateTime, formatDuration } from '../../lib/format';

const route = getRouteApi('/app/pipelines/$pipelineId');

export function PipelinePage() {
  const { pipelineId } = route.useParams();
  const pipeline = usePipeline(pipelineId);
  return (
    <QueryState query={pipeline} label="the pipeline" notFound={pipelineNotFound}>
      {(p) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
          <div className="flex flex-wrap items-start gap-3">
            <div className="grid gap-1">
              <p className="text-[13px]">
                <Link to="/pipelines" className="text-primary hover:underline">
                  Pipelines
                </Link>
              </p>
              <h1 className="text-xl font-semibold tracking-tight break-all">{p.name}</h1>
              {p.description && <p className="text-[13px] text-muted-foreground">{p.description}</p>}
            </div>
            <div className="ml-auto flex gap-2">
              <Button asChild size="sm" variant="secondary">
                <Link to="/pipelines/$pipelineId/edit" params={{ pipelineId: p.id }}>
                  <Pencil aria-hidden className="size-3.5" /> Edit
                </Link>
              </Button>
              <DeleteButton pipeline={p} />
            </div>
          </div>
          <section aria-labelledby="stages-title" className="grid gap-2">
            <h2 id="stages-title" className="text-base font-semibold">
              Stages
            </h2>
            {p.stages.length === 0 ? (
              <p className="text-[13px] text-muted-foreground">
                This pipeline has no stages: a run succeeds at once. Edit it to add some.
              </p>
            ) : (
              <ol className="grid gap-1.5">
                {p.stages.map((s, i) => (
                  <li key={s.id} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-[13px]">
                    <span className="text-muted-foreground">{i + 1}.</span>
                    <span className="font-medium">{s.name}</span>
                    <Badge>{s.type}</Badge>
                    <span className="min-w-0 truncate font-mono text-xs text-muted-foreground">
                      {summary(s.config)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <TriggerForm pipelineId={p.id} />
          <RunsSection pipelineId={p.id} />
        </div>
      )}
    </QueryState>
  );
}

const summary = (config: Record<string, unknown>) =>
  Object.entries(config)
    .filter(([, v]) => v !== '' && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v.split('\n')[0] : JSON.stringify(v)}`)
    .join(' · ');

function TriggerForm({ pipelineId }: { pipelineId: string }) {
  const trigger = useTriggerPipeline(pipelineId);
  const navigate = useNavigate();
  const [version, setVersion] = useState('');
  const [commitSha, setCommitSha] = useState('');
  const errors =
    trigger.error instanceof FieldsError ? new Map(Object.entries(trigger.error.fields)) : new Map<string, string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    trigger.mutate(
      {
        ...(version.trim() ? { version: version.trim() } : {}),
        ...(commitSha.trim() ? { commitSha: commitSha.trim() } : {}),
      },
      {
        onSuccess: (run) =>
          void navigate({ to: '/pipelines/$pipelineId/runs/$runId', params: { pipelineId, runId: run.id } }),
      },
    );
  };
  return (
    <section aria-labelledby="trigger-title" className="grid gap-2">
      <h2 id="trigger-title" className="text-base font-semibold">
        Run
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
        <div className="w-full sm:w-48">
          <Field label="Version" error={errors.get('version')} hint="Optional, e.g. 1.4.0">
            {(id, d) => (
              <Input
                id={id}
                value={version}
                onChange={(e) => setVersion(e.target.value)}
                aria-describedby={d}
                aria-invalid={errors.has('version')}
              />
            )}
          </Field>
        </div>
        <div className="w-full sm:w-64">
          <Field label="Commit" error={errors.get('commitSha')} hint="Optional commit SHA">
            {(id, d) => (
              <Input
                id={id}
                value={commitSha}
                onChange={(e) => setCommitSha(e.target.value)}
                aria-describedby={d}
                aria-invalid={errors.has('commitSha')}
                className="font-mono"
              />
            )}
          </Field>
        </div>
        <Button type="submit" className="sm:mt-6" disabled={trigger.isPending}>
          <Play aria-hidden className="size-4" /> {trigger.isPending ? 'Starting…' : 'Trigger run'}
        </Button>
      </form>
      {trigger.error && errors.size === 0 && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(trigger.error).message}
        </p>
      )}
    </section>
  );
}

function RunsSection({ pipelineId }: { pipelineId: string }) {
  const runs = usePipelineRuns(pipelineId);
  return (
    <section aria-labelledby="runs-title" className="grid gap-2">
      <h2 id="runs-title" className="text-base font-semibold">
        Recent runs
      </h2>
      <QueryState query={runs} label="runs" rows={3}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="No runs yet">Trigger a run above; its log streams live on the run’s page.</EmptyState>
          ) : (
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-[13px]" aria-labelledby="runs-title">
                <thead className="bg-muted text-left">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Run
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Version
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Commit
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Started
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Duration
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((r) => (
                    <tr key={r.id} className="border-t">
                      <td className="px-3 py-2">
                        <Link
                          to="/pipelines/$pipelineId/runs/$runId"
                          params={{ pipelineId, runId: r.id }}
                          className="font-mono text-primary hover:underline"
                        >
                          {r.id.slice(0, 8)}
                        </Link>
                      </td>
                      <td className="px-3 py-2">
                        <StatusBadge status={r.status} />
                      </td>
                      <td className="px-3 py-2">{r.version || '—'}</td>
                      <td className="px-3 py-2 font-mono">{r.commitSha ? r.commitSha.slice(0, 7) : '—'}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(r.startedAt ?? r.createdAt)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatDuration(r.durationMs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

function DeleteButton({ pipeline }: { pipeline: Pipeline }) {
  const remove = useDeletePipeline(pipeline.id);
  const navigate = useNavigate();
  return (
    <Dialog onOpenChange={(open) => !open && remove.reset()}>
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive">
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Delete ${pipeline.name}?`}
        description="The pipeline and all its runs are removed; a run in progress is stopped."
      >
        {remove.error && (
          <p role="alert" className="text-[13px] text-destructive">
            {describeError(remove.error).message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate({ to: '/pipelines' }) })}
          >
            Delete pipeline
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
