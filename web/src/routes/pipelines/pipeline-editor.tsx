// The definition editor: name, description and the ordered stages, each with the fields of its type
// (stage-fields.ts). The server validates; a 400's details are shown on the fields they name.
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { FieldsError } from '../../api/field-errors';
import { useComponentOptions, useEnvironmentOptions, usePipeline, useSavePipeline, type Pipeline } from './queries';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { describeError } from '../../components/ui/states';
import { pipelineNotFound } from './pipeline-not-found';
import { configFor, isRequired, newStageId, STAGE_FIELDS, STAGE_TYPES, toRequestStages, type DraftStage, type StageType } from './stage-fields';

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
  const errors = save.error instanceof FieldsError ? new Map(Object.entries(save.error.fields)) : new Map<string, string>();
  const title = pipeline ? `Edit ${pipeline.name}` : 'New pipeline';

  const update = (i: number, patch: Partial<DraftStage>) => setStages((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));
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
  const problem = save.error ? (errors.size > 0 ? { title: 'The pipeline was not saved', message: save.error.message } : describeError(save.error)) : undefined;

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
          <Input id={id} value={name} onChange={(e) => setName(e.target.value)} required aria-describedby={describedBy} aria-invalid={errors.has('name')} />
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
        {stages.length === 0 && <p className="text-[13px] text-muted-foreground">No stages yet: add one below. Stages run in this order.</p>}
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
              <Select id={id} value={addType} onChange={(e) => setAddType(e.target.value as StageType)} className="w-40">
                {STAGE_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </Select>
            )}
          </Field>
          <Button
            variant="secondary"
            onClick={() => setStages((all) => [...all, { key: nextKey(), id: newStageId(addType, all), name: '', type: addType, config: {} }])}
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

function StageForm({
  stage,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  stage: DraftStage;
  index: number;
  count: number;
  errors: Map<string, string>;
  onChange: (patch: Partial<DraftStage>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const at = (field: string) => `stages[${index}].${field}`;
  const label = `stage ${index + 1}${stage.id ? ` (${stage.id})` : ''}`;
  const stageError = errors.get(at('')) ?? errors.get(at('order'));
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-3" aria-label={`Stage ${index + 1}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">
          {index + 1}. {stage.name || stage.id || 'Unnamed stage'}
        </h2>
        <div className="ml-auto flex gap-1">
          <Button size="sm" variant="ghost" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUp aria-hidden className="size-4" />
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
            <ArrowDown aria-hidden className="size-4" />
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Remove ${label}`} onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
      {stageError && <p className="text-xs text-destructive">{stageError}</p>}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Stage ID" error={errors.get(at('id'))}>
          {(id, d) => (
            <Input id={id} value={stage.id} onChange={(e) => onChange({ id: e.target.value })} aria-describedby={d} aria-invalid={errors.has(at('id'))} />
          )}
        </Field>
        <Field label="Stage name" error={errors.get(at('name'))} hint="Defaults to the ID.">
          {(id, d) => (
            <Input id={id} value={stage.name} onChange={(e) => onChange({ name: e.target.value })} aria-describedby={d} aria-invalid={errors.has(at('name'))} />
          )}
        </Field>
        <Field label="Type" error={errors.get(at('type'))}>
          {(id, d) => (
            <Select
              id={id}
              value={stage.type}
              aria-describedby={d}
              aria-invalid={errors.has(at('type'))}
              onChange={(e) => {
                const type = e.target.value as StageType;
                onChange({ type, config: configFor(type, stage.config) });
              }}
            >
              {STAGE_TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {STAGE_FIELDS[stage.type].map((f) => {
          const path = at(`config.${f.key}`);
          const error = errors.get(path);
          const value = stage.config[f.key];
          const set = (v: unknown) => onChange({ config: { ...stage.config, [f.key]: v } });
          const fieldLabel = `${f.label}${isRequired(f, stage.config) ? ' (required)' : ''}`;
          if (f.kind === 'checkbox') {
            return (
              <div key={f.key} className="grid gap-1 self-end">
                <label className="flex items-center gap-2 text-[13px] font-medium">
                  <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} aria-invalid={!!error} className="size-4" />
                  {f.label}
                </label>
                {error && <p className="text-xs text-destructive">{error}</p>}
              </div>
            );
          }
          return (
            <div key={f.key} className={f.kind === 'textarea' ? 'sm:col-span-2' : undefined}>
              <Field label={fieldLabel} error={error} hint={f.hint}>
                {(id, d) =>
                  f.kind === 'textarea' ? (
                    <textarea
                      id={id}
                      rows={3}
                      value={typeof value === 'string' ? value : ''}
                      onChange={(e) => set(e.target.value)}
                      aria-describedby={d}
                      aria-invalid={!!error}
                      spellCheck={false}
                      className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-[13px] aria-[invalid=true]:border-destructive"
                    />
                  ) : f.kind === 'environment' ? (
                    <EnvironmentSelect id={id} value={typeof value === 'string' ? value : ''} onChange={set} describedBy={d} invalid={!!error} />
                  ) : f.kind === 'component' ? (
                    <ComponentInput id={id} value={typeof value === 'string' ? value : ''} onChange={set} describedBy={d} invalid={!!error} />
                  ) : f.kind === 'select' ? (
                    <Select
                      id={id}
                      value={typeof value === 'string' ? value : ''}
                      onChange={(e) => set(e.target.value || undefined)}
                      aria-describedby={d}
                      aria-invalid={!!error}
                    >
                      <option value="">default</option>
                      {f.options!.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </Select>
                  ) : (
                    <Input
                      id={id}
                      value={typeof value === 'string' ? value : ''}
                      placeholder={f.placeholder}
                      onChange={(e) => set(e.target.value)}
                      aria-describedby={d}
                      aria-invalid={!!error}
                    />
                  )
                }
              </Field>
            </div>
          );
        })}
      </div>
    </li>
  );
}

interface PickerProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  invalid: boolean;
}

/** The environments by name; an id not among them (deleted, or typed elsewhere) stays selectable. */
function EnvironmentSelect({ id, value, onChange, describedBy, invalid }: PickerProps) {
  const environments = useEnvironmentOptions();
  const list = environments.data ?? [];
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid}>
      <option value="">
        {environments.isPending ? 'Loading environments…' : list.length ? 'Choose an environment' : 'No environments: an admin creates them'}
      </option>
      {value && !list.some((e) => e.id === value) && <option value={value}>{value}</option>}
      {list.map((e) => (
        <option key={e.id} value={e.id}>
          {e.name} ({e.type})
        </option>
      ))}
    </Select>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A component UUID with suggestions from the catalog while a name is typed (a native datalist). */
function ComponentInput({ id, value, onChange, describedBy, invalid }: PickerProps) {
  const listId = useId();
  const q = useDeferredValue(UUID.test(value) ? '' : value.trim());
  const components = useComponentOptions(q);
  const chosen = components.data?.find((c) => c.id === value);
  return (
    <>
      <Input
        id={id}
        value={value}
        list={listId}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        className="font-mono"
      />
      <datalist id={listId}>
        {(components.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.kind})
          </option>
        ))}
      </datalist>
      {chosen && <p className="text-xs text-muted-foreground">{chosen.name}</p>}
    </>
  );
}
