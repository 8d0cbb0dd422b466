// Admin writes of the API specs (decision 706): register a spec version on a component, delete one,
// and register or remove the consumers of a version. Shown only to admins; the server refuses others.
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useAddConsumer,
  useConsumerChoices,
  useDeleteSpec,
  useRegisterSpec,
  useRemoveConsumer,
  type ApiSpecSummary,
  type SpecFormat,
} from './queries';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { FormDialog } from '../../components/ui/form-dialog';
import { FormAlert } from '../../components/ui/form-field';
import { SelectField, TextareaField, TextField } from '../../components/ui/input';

const EMPTY = { name: '', version: '', format: '' as '' | SpecFormat, spec: '' };

export function RegisterSpecDialog({ componentId, defaultName }: { componentId: string; defaultName?: string }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ ...EMPTY, name: defaultName ?? '' });
  const register = useRegisterSpec(componentId);
  const set = (patch: Partial<typeof EMPTY>) => setValues((v) => ({ ...v, ...patch }));
  const submit = () =>
    register.mutate(
      {
        name: values.name.trim(),
        version: values.version.trim(),
        spec: values.spec,
        format: values.format || undefined,
      },
      {
        onSuccess: () => {
          setOpen(false);
          setValues({ ...EMPTY, name: defaultName ?? '' });
        },
      },
    );
  const err = register.error;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => register.reset()}
      trigger={
        <Button size="sm">
          <Plus aria-hidden className="size-4" /> Register a spec
        </Button>
      }
      title="Register an API spec"
      description="An OpenAPI or AsyncAPI document, as YAML or JSON; it starts active."
      className="w-[min(92vw,720px)]"
      onSubmit={submit}
      error={err}
      submitLabel="Register"
      submitDisabled={register.isPending}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Name"
          error={fieldError(err, 'name')}
          required
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label="Version"
          error={fieldError(err, 'version')}
          required
          value={values.version}
          onChange={(e) => set({ version: e.target.value })}
        />
        <SelectField
          label="Format"
          error={fieldError(err, 'format')}
          value={values.format}
          onChange={(e) => set({ format: e.target.value as '' | SpecFormat })}
        >
          <option value="">Detect from the content</option>
          <option value="openapi">OpenAPI</option>
          <option value="asyncapi">AsyncAPI</option>
        </SelectField>
      </div>
      <TextareaField
        label="Document"
        error={fieldError(err, 'spec')}
        required
        rows={12}
        spellCheck={false}
        value={values.spec}
        onChange={(e) => set({ spec: e.target.value })}
        className="font-mono text-[12px]"
      />
    </FormDialog>
  );
}

export function DeleteSpecButton({ spec }: { spec: ApiSpecSummary }) {
  const remove = useDeleteSpec();
  return (
    <ConfirmButton
      label={`Delete ${spec.name} ${spec.version}`}
      title={`Delete ${spec.name} ${spec.version}?`}
      description="This version and its consumer registrations are removed. Other versions stay."
      confirmLabel="Delete version"
      onConfirm={() => remove.mutateAsync(spec.id)}
    >
      <Trash2 aria-hidden className="size-4" />
    </ConfirmButton>
  );
}

/** Register a component or a team (chosen from lists the server fills) as a consumer of one version. */
export function AddConsumerForm({ specId }: { specId: string }) {
  const [q, setQ] = useState('');
  const [choice, setChoice] = useState('');
  const choices = useConsumerChoices(q, true);
  const add = useAddConsumer(specId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [type, id] = choice.split(':');
    if (!id) return;
    add.mutate(type === 'team' ? { consumerTeamId: id } : { consumerComponentId: id }, {
      onSuccess: () => setChoice(''),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Register a consumer">
      <div className="w-56">
        <TextField
          label="Find a component"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Name…"
        />
      </div>
      <div className="w-64">
        <SelectField
          label="Consumer"
          error={fieldError(add.error, 'consumerComponentId') ?? fieldError(add.error, 'consumerTeamId')}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">Choose…</option>
          <optgroup label="Components">
            {choices.components.map((c) => (
              <option key={c.id} value={`component:${c.id}`}>
                {c.name}
              </option>
            ))}
          </optgroup>
          <optgroup label="Teams">
            {choices.teams.map((t) => (
              <option key={t.id} value={`team:${t.id}`}>
                {t.name}
              </option>
            ))}
          </optgroup>
        </SelectField>
      </div>
      <Button type="submit" size="md" disabled={!choice || add.isPending}>
        Add consumer
      </Button>
      <div className="basis-full">
        <FormAlert error={add.error} />
      </div>
    </form>
  );
}

export function RemoveConsumerButton({
  specId,
  consumerId,
  label,
}: {
  specId: string;
  consumerId: string;
  label: string;
}) {
  const remove = useRemoveConsumer(specId);
  return (
    <ConfirmButton
      label={`Remove consumer ${label}`}
      title={`Remove ${label} as a consumer?`}
      description="Breaking changes of this version will no longer name it."
      confirmLabel="Remove consumer"
      onConfirm={() => remove.mutateAsync(consumerId)}
    >
      Remove
    </ConfirmButton>
  );
}
