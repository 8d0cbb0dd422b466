// Writes of the catalog (decisions 706, 1143): create a component, edit it, delete it behind a
// confirmation, and register Backstage descriptors from pasted YAML. Shown to those the server allows
// (permissions, useCanRegister); its 400 details appear on the field they name, its 403 as it says.
import { useNavigate } from '@tanstack/react-router';
import { FileCode2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  COMPONENT_KINDS,
  useCreateComponent,
  useDeleteComponent,
  useRegisterYaml,
  useUpdateComponent,
  type ComponentKind,
  type RegisterResult,
} from './queries';
import type { CatalogEntity } from '../../api/types';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField, TextareaField, TextField } from '../../components/ui/input';
import { describeError } from '../../components/ui/states';
import { createBody, documentProblem, EMPTY_FORM, formOf, patchBody, type ComponentFormValues } from './component-form';

function ComponentFields({
  values,
  set,
  error,
}: {
  values: ComponentFormValues;
  set: (patch: Partial<ComponentFormValues>) => void;
  error: unknown;
}) {
  const text = (field: keyof ComponentFormValues, label: string, description?: string, required = false) => (
    <TextField
      label={label}
      description={description}
      error={fieldError(error, field)}
      required={required}
      value={values[field]}
      onChange={(e) => set({ [field]: e.target.value })}
    />
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {text('name', 'Name', 'Lower-case letters, digits and dashes.', true)}
      <SelectField
        label="Kind"
        options={COMPONENT_KINDS}
        error={fieldError(error, 'kind')}
        value={values.kind}
        onChange={(e) => set({ kind: e.target.value as ComponentKind })}
      />
      {text('title', 'Title', 'Optional display name.')}
      {text('owner', 'Owner', 'A team name or user:name.')}
      {text('lifecycle', 'Lifecycle', 'e.g. experimental, production.')}
      {text('gitopsApp', 'GitOps application', 'Optional.')}
      <div className="sm:col-span-2">{text('tags', 'Tags', 'Separated by commas or spaces.')}</div>
      <div className="sm:col-span-2">
        <TextareaField
          label="Description"
          error={fieldError(error, 'description')}
          rows={2}
          value={values.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
    </div>
  );
}

const entityPath = (c: { entityKind: string; namespace: string; name: string }) => ({
  kind: c.entityKind.toLowerCase(),
  namespace: c.namespace,
  name: c.name,
});

export function CreateComponentDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY_FORM);
  const create = useCreateComponent();
  const navigate = useNavigate();
  const submit = () =>
    create.mutate(createBody(values), {
      onSuccess: (c) => {
        setOpen(false);
        setValues(EMPTY_FORM);
        void navigate({ to: '/catalog/$kind/$namespace/$name', params: entityPath(c) });
      },
    });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => create.reset()}
      trigger={
        <Button size="sm">
          <Plus aria-hidden className="size-4" /> New component
        </Button>
      }
      title="New component"
      description="Adds a component to the catalog; everyone sees it at once."
      className="w-[min(92vw,680px)]"
      onSubmit={submit}
      error={create.error}
      submitLabel="Create"
      submitDisabled={create.isPending}
    >
      <ComponentFields values={values} set={(p) => setValues((v) => ({ ...v, ...p }))} error={create.error} />
    </FormDialog>
  );
}

export function EditComponentDialog({ entity }: { entity: CatalogEntity }) {
  const [open, setOpen] = useState(false);
  const before = formOf(entity);
  const [values, setValues] = useState(before);
  const update = useUpdateComponent(entity.id);
  const navigate = useNavigate();
  const changes = patchBody(before, values);
  const submit = () =>
    update.mutate(changes, {
      onSuccess: (c) => {
        setOpen(false);
        if (c.name !== entity.name)
          void navigate({ to: '/catalog/$kind/$namespace/$name', params: entityPath(c), replace: true });
      },
    });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      // Each opening starts from the component as stored now.
      onOpen={() => setValues(formOf(entity))}
      onClose={() => update.reset()}
      trigger={
        <Button size="sm" variant="secondary">
          <Pencil aria-hidden className="size-4" /> Edit
        </Button>
      }
      title={`Edit ${entity.name}`}
      description="Only the fields you change are sent."
      className="w-[min(92vw,680px)]"
      onSubmit={submit}
      error={update.error}
      submitLabel="Save"
      submitDisabled={update.isPending || Object.keys(changes).length === 0}
    >
      <ComponentFields values={values} set={(p) => setValues((v) => ({ ...v, ...p }))} error={update.error} />
    </FormDialog>
  );
}

export function DeleteComponentButton({ entity }: { entity: CatalogEntity }) {
  const remove = useDeleteComponent();
  const navigate = useNavigate();
  return (
    <ConfirmButton
      title={`Delete ${entity.name}?`}
      description="The component, its relations and its API specs leave the catalog. This cannot be undone."
      confirmLabel="Delete component"
      onConfirm={async () => {
        await remove.mutateAsync(entity.id);
        void navigate({ to: '/catalog' });
      }}
    >
      <Trash2 aria-hidden className="size-4" /> Delete
    </ConfirmButton>
  );
}

function RegisterSummary({ result }: { result: RegisterResult }) {
  const counts = [
    ['created', result.created.length],
    ['updated', result.updated.length],
    ['unchanged', result.unchanged.length],
    ['skipped', result.skipped.length],
  ] as const;
  return (
    <div role="status" className="grid gap-2 text-[13px]">
      <p>{counts.map(([k, n]) => `${n} ${k}`).join(', ')}.</p>
      {(result.skipped.length > 0 || result.errors.length > 0) && (
        <ul className="grid gap-1" aria-label="Problems by document">
          {result.skipped.map((s) => (
            <li key={`s${s.document}`}>
              Document {s.document}
              {s.name ? ` (${s.name})` : ''}: skipped, {s.reason}
            </li>
          ))}
          {result.errors.map((e, i) => (
            <li key={`e${i}`}>
              {e.document ? `Document ${e.document}` : 'The text'}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function RegisterYamlDialog() {
  const [open, setOpen] = useState(false);
  const [yaml, setYaml] = useState('');
  const register = useRegisterYaml();
  const problem = register.error ? documentProblem(describeError(register.error).message) : undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => register.reset()}
      trigger={
        <Button size="sm" variant="secondary">
          <FileCode2 aria-hidden className="size-4" /> Register YAML
        </Button>
      }
      title="Register from YAML"
      description="Paste one or more Backstage descriptors (separated by ---). All are registered, or none if one has a problem."
      className="w-[min(92vw,720px)]"
      onSubmit={() => register.mutate(yaml)}
      // Every problem, of a document or of the whole text, is the descriptors field's own.
      error={undefined}
      submitLabel="Register"
      submitDisabled={register.isPending || !yaml.trim()}
    >
      <TextareaField
        label="Descriptors"
        error={
          problem
            ? problem.document
              ? `Document ${problem.document}: ${problem.message}`
              : problem.message
            : undefined
        }
        required
        rows={12}
        spellCheck={false}
        value={yaml}
        onChange={(e) => setYaml(e.target.value)}
        className="font-mono text-[12px]"
        placeholder={
          'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: orders\nspec:\n  type: service\n  owner: team-a\n  lifecycle: production'
        }
      />
      {register.data && <RegisterSummary result={register.data} />}
    </FormDialog>
  );
}
