// Writes of the IaC module catalog (decision 768): register, edit, delete, link and unlink a catalog
// component. Every signed-in user may do them, as the server allows; the server's 400 details (a URL
// the outbound address policy refuses, a bad name) appear on the field they name.
import { useNavigate } from '@tanstack/react-router';
import { Link2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useCreateIacModule,
  useDeleteIacModule,
  useLinkIacModule,
  useUpdateIacModule,
  type IacModule,
} from './queries';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField, TextareaField, TextField } from '../../components/ui/input';
import { ComponentPicker } from '../integrations';
import { ENGINES, PROVIDERS, type Engine, type Provider } from './iac-search';
import { createModuleBody, EMPTY_MODULE, moduleFormOf, patchModuleBody, type ModuleFormValues } from './module-form';

/** The module's fields, each with its server problem (shared form fields, decision 786). */
function ModuleFields({
  values,
  set,
  error,
}: {
  values: ModuleFormValues;
  set: (patch: Partial<ModuleFormValues>) => void;
  error: unknown;
}) {
  const problem = (field: keyof ModuleFormValues) => fieldError(error, field);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label="Name"
        description="Unique together with the provider."
        error={problem('name')}
        required
        maxLength={100}
        value={values.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <SelectField
        label="Provider"
        error={problem('provider')}
        options={PROVIDERS}
        value={values.provider}
        onChange={(e) => set({ provider: e.target.value as Provider })}
      />
      <SelectField
        label="Engine"
        error={problem('engine')}
        value={values.engine}
        onChange={(e) => set({ engine: e.target.value as Engine | '' })}
      >
        <option value="">None</option>
        {ENGINES.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Source repository"
        description="A git URL (https://, ssh:// or git@host:path); its semver tags become the versions."
        error={problem('sourceRepoUrl')}
        required
        maxLength={2048}
        value={values.sourceRepoUrl}
        onChange={(e) => set({ sourceRepoUrl: e.target.value })}
      />
      <div className="sm:col-span-2">
        <TextareaField
          label="Description"
          error={problem('description')}
          rows={2}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
    </div>
  );
}

export function RegisterModuleDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY_MODULE);
  const create = useCreateIacModule();
  const navigate = useNavigate();
  const submit = () =>
    create.mutate(createModuleBody(values), {
      onSuccess: (m) => {
        setOpen(false);
        setValues(EMPTY_MODULE);
        void navigate({ to: '/iac/modules/$moduleId', params: { moduleId: m.id } });
      },
    });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => create.reset()}
      trigger={
        <Button size="sm">
          <Plus aria-hidden className="size-4" /> Register module
        </Button>
      }
      title="Register a module"
      description="Adds the module to the catalog; sync it on its page to read its versions."
      onSubmit={submit}
      error={create.error}
      submitLabel="Register"
      submitDisabled={create.isPending || !values.name.trim() || !values.sourceRepoUrl.trim()}
    >
      <ModuleFields values={values} set={(p) => setValues((v) => ({ ...v, ...p }))} error={create.error} />
    </FormDialog>
  );
}

export function EditModuleDialog({ module }: { module: IacModule }) {
  const [open, setOpen] = useState(false);
  const before = moduleFormOf(module);
  const [values, setValues] = useState(before);
  const update = useUpdateIacModule(module.id);
  const changes = patchModuleBody(before, values);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      // Each opening starts from the module as stored now.
      onOpen={() => setValues(moduleFormOf(module))}
      onClose={() => update.reset()}
      trigger={
        <Button variant="secondary" size="sm">
          <Pencil aria-hidden className="size-3.5" /> Edit
        </Button>
      }
      title={`Edit ${module.name}`}
      description="A new source repository is read at the next sync."
      onSubmit={() => update.mutate(changes, { onSuccess: () => setOpen(false) })}
      error={update.error}
      submitLabel="Save"
      submitDisabled={update.isPending || Object.keys(changes).length === 0}
    >
      <ModuleFields values={values} set={(p) => setValues((v) => ({ ...v, ...p }))} error={update.error} />
    </FormDialog>
  );
}

export function DeleteModuleButton({ module }: { module: IacModule }) {
  const remove = useDeleteIacModule();
  const navigate = useNavigate();
  return (
    <ConfirmButton
      title={`Delete ${module.name}?`}
      description="The module and every stored version leave the catalog. Stacks that use it keep working; drift no longer links to it."
      confirmLabel="Delete module"
      onConfirm={async () => {
        await remove.mutateAsync(module.id);
        void navigate({ to: '/iac/modules' });
      }}
    >
      <Trash2 aria-hidden className="size-3.5" /> Delete
    </ConfirmButton>
  );
}

/** Links the module to one catalog component (replacing any earlier link, as the server does). */
export function LinkComponentDialog({ module }: { module: IacModule }) {
  const [open, setOpen] = useState(false);
  const [componentId, setComponentId] = useState<string>();
  const link = useLinkIacModule(module.id);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onOpen={() => setComponentId(module.componentId ?? undefined)}
      onClose={() => link.reset()}
      trigger={
        <Button variant="secondary" size="sm">
          <Link2 aria-hidden className="size-3.5" /> {module.componentId ? 'Change component' : 'Link component'}
        </Button>
      }
      title={`Link ${module.name} to a component`}
      description="The component's page then lists this module and its drift."
      className=""
      onSubmit={() => componentId && link.mutate(componentId, { onSuccess: () => setOpen(false) })}
      error={link.error}
      submitLabel="Link"
      submitDisabled={link.isPending || !componentId || componentId === module.componentId}
    >
      <ComponentPicker selected={componentId} onSelect={setComponentId} />
    </FormDialog>
  );
}
