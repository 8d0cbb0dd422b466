// One stage of the definition editor: its id, name and type, then the fields of its type (stage-fields.ts).
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Field, Input, Select, SelectField, TextField } from '../../components/ui/input';
import {
  configFor,
  isRequired,
  STAGE_FIELDS,
  STAGE_TYPES,
  type DraftStage,
  type ConfigField,
  type StageType,
} from './stage-fields';
import { ComponentInput, EnvironmentSelect } from './stage-pickers';

/** The stage's number and name, with move up, move down and remove. */
function StageHeader({
  stage,
  index,
  count,
  label,
  onMove,
  onRemove,
}: {
  stage: DraftStage;
  index: number;
  count: number;
  /** The stage as the buttons' accessible names say it ("stage 2 (build)"). */
  label: string;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="text-sm font-semibold">
        {index + 1}. {stage.name || stage.id || 'Unnamed stage'}
      </h2>
      <div className="ml-auto flex gap-1">
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Move ${label} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden className="size-4" />
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Move ${label} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden className="size-4" />
        </Button>
        <Button size="sm" variant="ghost" aria-label={`Remove ${label}`} onClick={onRemove}>
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
    </div>
  );
}

export function StageForm({
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
      <StageHeader stage={stage} index={index} count={count} label={label} onMove={onMove} onRemove={onRemove} />
      {stageError && <p className="text-xs text-destructive">{stageError}</p>}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Stage ID"
          error={errors.get(at('id'))}
          value={stage.id}
          onChange={(e) => onChange({ id: e.target.value })}
        />
        <TextField
          label="Stage name"
          error={errors.get(at('name'))}
          description="Defaults to the ID."
          value={stage.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <SelectField
          label="Type"
          error={errors.get(at('type'))}
          options={STAGE_TYPES}
          value={stage.type}
          onChange={(e) => {
            const type = e.target.value as StageType;
            onChange({ type, config: configFor(type, stage.config) });
          }}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {STAGE_FIELDS[stage.type].map((f) => (
          <StageConfigField
            key={f.key}
            field={f}
            stage={stage}
            error={errors.get(at(`config.${f.key}`))}
            onChange={onChange}
          />
        ))}
      </div>
    </li>
  );
}

/** The control of a configuration field's kind, named and described by the field around it. */
function ConfigControl({
  field: f,
  value,
  set,
  id,
  describedBy,
  invalid,
}: {
  field: ConfigField;
  value: string;
  set: (v: unknown) => void;
  id: string;
  describedBy?: string;
  invalid: boolean;
}) {
  const common = { id, value, 'aria-describedby': describedBy, 'aria-invalid': invalid };
  switch (f.kind) {
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={3}
          onChange={(e) => set(e.target.value)}
          spellCheck={false}
          className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-[13px] aria-[invalid=true]:border-destructive"
        />
      );
    case 'environment':
      return <EnvironmentSelect id={id} value={value} onChange={set} describedBy={describedBy} invalid={invalid} />;
    case 'component':
      return <ComponentInput id={id} value={value} onChange={set} describedBy={describedBy} invalid={invalid} />;
    case 'select':
      return (
        <Select {...common} onChange={(e) => set(e.target.value || undefined)}>
          <option value="">default</option>
          {f.options!.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </Select>
      );
    default:
      return <Input {...common} placeholder={f.placeholder} onChange={(e) => set(e.target.value)} />;
  }
}

/** One field of a stage's configuration, in the widget its kind asks for (stage-fields.ts). */
function StageConfigField({
  field: f,
  stage,
  error,
  onChange,
}: {
  field: ConfigField;
  stage: DraftStage;
  error: string | undefined;
  onChange: (patch: Partial<DraftStage>) => void;
}) {
  const value = stage.config[f.key];
  const set = (v: unknown) => onChange({ config: { ...stage.config, [f.key]: v } });
  const fieldLabel = `${f.label}${isRequired(f, stage.config) ? ' (required)' : ''}`;
  if (f.kind === 'checkbox') {
    return (
      <div className="grid gap-1 self-end">
        <label className="flex items-center gap-2 text-[13px] font-medium">
          <input
            type="checkbox"
            checked={value === true}
            onChange={(e) => set(e.target.checked)}
            aria-invalid={!!error}
            className="size-4"
          />
          {f.label}
        </label>
        {error && <p className="text-xs text-destructive">{error}</p>}
      </div>
    );
  }
  return (
    <div className={f.kind === 'textarea' ? 'sm:col-span-2' : undefined}>
      <Field label={fieldLabel} error={error} hint={f.hint}>
        {(id, d) => (
          <ConfigControl
            field={f}
            value={typeof value === 'string' ? value : ''}
            set={set}
            id={id}
            describedBy={d}
            invalid={!!error}
          />
        )}
      </Field>
    </div>
  );
}
