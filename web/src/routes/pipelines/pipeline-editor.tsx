// The definition editor: name, description and the ordered stages, each with the fields of its type
// (stage-fields.ts). The server validates; a 400's details are shown on the fields they name.
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FieldsError } from '../../api/field-errors';
import { usePipeline, useSavePipeline, type Pipeline } from './queries';
import { Button } from '../../components/ui/button';
import { SelectField, TextareaField, TextField } from '../../components/ui/input';
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

/** The draft's stages in order, with the edits the stage forms and the add button make. */
function useDraftStages(pipeline?: Pipeline) {
  const [stages, setStages] = useState<DraftStage[]>(() => draftOf(pipeline));
  const update = (i: number, patch: Partial<DraftStage>) =>
    setStages((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: number) =>
    setStages((all) => {
      const next = [...all];
      const [s] = next.splice(i, 1);
      next.splice(i + by, 0, s!);
      return next;
    });
  const remove = (i: number) => setStages((all) => all.filter((_, j) => j !== i));
  const add = (type: StageType) =>
    setStages((all) => [...all, { key: nextKey(), id: newStageId(type, all), name: '', type, config: {} }]);
  return { stages, update, move, remove, add };
}

function StagesFieldset({ draft, errors }: { draft: ReturnType<typeof useDraftStages>; errors: Map<string, string> }) {
  const { stages } = draft;
  const [addType, setAddType] = useState<StageType>('script');
  return (
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
            onChange={(patch) => draft.update(i, patch)}
            onMove={(by) => draft.move(i, by)}
            onRemove={() => draft.remove(i)}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="New stage type"
          options={STAGE_TYPES}
          value={addType}
          onChange={(e) => setAddType(e.target.value as StageType)}
          className="w-40"
        />
        <Button variant="secondary" onClick={() => draft.add(addType)}>
          <Plus aria-hidden className="size-4" /> Add stage
        </Button>
      </div>
    </fieldset>
  );
}

/** Field problems are shown on their fields too; anything else (403, 409, offline) only here. */
function SaveProblem({ error, fieldCount }: { error: Error | null; fieldCount: number }) {
  if (!error) return null;
  const problem =
    fieldCount > 0 ? { title: 'The pipeline was not saved', message: error.message } : describeError(error);
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-[13px]">
      <p className="font-semibold">{problem.title}</p>
      <p>{problem.message}</p>
    </div>
  );
}

function PipelineEditor({ pipeline }: { pipeline?: Pipeline }) {
  const navigate = useNavigate();
  const save = useSavePipeline(pipeline?.id);
  const [name, setName] = useState(pipeline?.name ?? '');
  const [description, setDescription] = useState(pipeline?.description ?? '');
  const draft = useDraftStages(pipeline);
  const errors =
    save.error instanceof FieldsError ? new Map(Object.entries(save.error.fields)) : new Map<string, string>();
  const title = pipeline ? `Edit ${pipeline.name}` : 'New pipeline';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name: name.trim(), description, stages: toRequestStages(draft.stages) },
      { onSuccess: (saved) => void navigate({ to: '/pipelines/$pipelineId', params: { pipelineId: saved.id } }) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid max-w-3xl gap-4" aria-labelledby="editor-title">
      <h1 id="editor-title" className="text-xl font-semibold tracking-tight">
        {title}
      </h1>
      <SaveProblem error={save.error} fieldCount={errors.size} />
      <TextField
        label="Name"
        error={errors.get('name')}
        description="2 to 100 characters, unique."
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
      />
      <TextareaField
        label="Description"
        error={errors.get('description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        rows={2}
      />
      <StagesFieldset draft={draft} errors={errors} />
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
