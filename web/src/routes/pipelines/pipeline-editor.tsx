// The definition editor: name, description and the ordered stages, each with the fields of its type
// (stage-fields.ts). The server validates; a 400's details are shown on the fields they name.
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FieldsError } from '../../api/field-errors';
import { usePipeline, useSavePipeline, type Pipeline } from './queries';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { describeError } from '../../components/ui/states';
import { pipelineNotFound } from './pipeline-not-found';
import { newStageId, STAGE_TYPES, toRequestStages, type DraftStage, type StageType } from './stage-fields';
import { StageForm } from './stage-form';

const editRoute = getRouteApi('/app/pipelines/$pipelineId/edit');

export function NewPipelinePage() {
  return <PipelineEditor />;
}

export function EditPipelinePage() {
  const { pipelineId } = editRoute.useParams();
  const pipeline = usePipeline(pipelineId);
  return (
    <QueryState query={pipeline} label="the pipeline" notFound={pipelineNotFound}>
      {(p) => <PipelineEditor key={p.id} pipeline={p} />}
    </QueryState>
  );
}

let keySeq = 0;
const nextKey = () => `s${++keySeq}`;

function draftOf(pipeline?: Pipeline): DraftStage[] {
  return (pipeline?.stages ?? []).map((s) => ({
    key: nextKey(),
    id: s.id,
    name: s.name,
    type: (STAGE_TYPES as readonly string[]).includes(s.type) ? (s.type as StageType) : 'script',
    config: { ...s.config },
  }));
}

function PipelineEditor({ pipeline }: { pipeline?: Pipeline }) {
  const navigate = useNavigate();
  const save = useSavePipeline(pipeline?.id);
  const [name, setName] = useState(pipeline?.name ?? '');
  const [description, setDescription] = useState(pipeline?.description ?? '');
  const [stages, setStages] = useState<DraftStage[]>(() => draftOf(pipeline));
  const [addType, setAddType] = useState<StageType>('script');
  const errors =
    save.error instanceof FieldsError ? new Map(Object.entries(save.error.fields)) : new Map<string, string>();
  const title = pipeline ? `Edit ${pipeline.name}` : 'New pipeline';

  const update = (i: number, patch: Partial<DraftStage>) =>
    setStages((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: number) =>
    setStages((all) => {
      const next = [...all];
      const [s] = next.splice(i, 1);
      next.splice(i + by, 0, s!);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name: name.trim(), description, stages: toRequestStages(stages) },
      { onSuccess: (saved) => void navigate({ to: '/pipelines/$pipelineId', params: { pipelineId: saved.id } }) },
    );
  };
  // Field problems are shown on their fields too; anything else (403, 409, offline) only here.
  const problem = save.error
    ? errors.size > 0
      ? { title: 'The pipeline was not saved', message: save.error.message }
      : describeError(save.error)
    : undefined;

  return (
    <form onSubmit={submit} noValidate className="grid max-w-3xl gap-4" aria-labelledby="editor-title">
      <h1 id="editor-title" className="text-xl font-semibold tracking-tight">
        {title}
      </h1>
      {problem && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-[13px]">
          <p className="font-semibold">{problem.title}</p>
          <p>{problem.message}</p>
        </div>
      )}
      <Field label="Name" error={errors.get('name')} hint="2 to 100 characters, unique.">
        {(id, describedBy) => (
          <Input
            id={id}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            aria-describedby={describedBy}
            aria-invalid={errors.has('name')}
          />
        )}
      </Field>
      <Field label="Description" error={errors.get('description')}>
        {(id, describedBy) => (
          <textarea
            id={id}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={2}
            aria-describedby={describedBy}
            aria-invalid={errors.has('description')}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        )}
      </Field>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-semibold">Stages</legend>
        {errors.get('stages') && <p className="text-xs text-destructive">{errors.get('stages')}</p>}
        {stages.length === 0 && (
          <p className="text-[13px] text-muted-foreground">No stages yet: add one below. Stages run in this order.</p>
        )}
        <ol className="grid gap-3">
          {stages.map((stage, i) => (
            <StageForm
              key={stage.key}
              stage={stage}
              index={i}
              count={stages.length}
              errors={errors}
              onChange={(patch) => update(i, patch)}
              onMove={(by) => move(i, by)}
              onRemove={() => setStages((all) => all.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
        <div className="flex flex-wrap items-end gap-2">
          <Field label="New stage type">
            {(id) => (
              <Select
                id={id}
                value={addType}
                onChange={(e) => setAddType(e.target.value as StageType)}
                className="w-40"
              >
                {STAGE_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </Select>
            )}
          </Field>
          <Button
            variant="secondary"
            onClick={() =>
              setStages((all) => [
                ...all,
                { key: nextKey(), id: newStageId(addType, all), name: '', type: addType, config: {} },
              ])
            }
          >
            <Plus aria-hidden className="size-4" /> Add stage
          </Button>
        </div>
      </fieldset>

      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : pipeline ? 'Save changes' : 'Create pipeline'}
        </Button>
        <Button asChild variant="ghost">
          {pipeline ? (
            <Link to="/pipelines/$pipelineId" params={{ pipelineId: pipeline.id }}>
              Cancel
            </Link>
          ) : (
            <Link to="/pipelines">Cancel</Link>
          )}
        </Button>
      </div>
    </form>
  );
}
