// Writes of the IaC module catalog (decision 768): register, edit, delete, link and unlink a catalog
// component. Every signed-in user may do them, as the server allows; the server's 400 details (a URL
// the outbound address policy refuses, a bad name) appear on the field they name.
import { useNavigate } from '@tanstack/react-router';
import { Link2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fieldError, formError } from '../../api/field-errors';
import { useCreateIacModule, useDeleteIacModule, useLinkIacModule, useUpdateIacModule, type IacModule } from '../../api/queries/iac';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/input';
import { ComponentPicker } from '../integrations/component-picker';
import { ENGINES, PROVIDERS, type Engine, type Provider } from './iac-search';
import { createModuleBody, EMPTY_MODULE, moduleFormOf, patchModuleBody, type ModuleFormValues } from './module-form';

const textarea = 'w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive';

function FormAlert({ error }: { error: unknown }) {
  const message = formError(error);
  return message ? (
    <p role="alert" className="text-[13px] text-destructive">
      {message}
    </p>
  ) : null;
}

function ModuleFields({ values, set, error }: { values: ModuleFormValues; set: (patch: Partial<ModuleFormValues>) => void; error: unknown }) {
  const problem = (field: keyof ModuleFormValues) => fieldError(error, field);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Name" hint="Unique together with the provider." error={problem('name')}>
        {(id, note) => (
          <Input
            id={id}
            aria-describedby={note}
            aria-invalid={!!problem('name')}
            required
            maxLength={100}
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        )}
      </Field>
      <Field label="Provider" error={problem('provider')}>
        {(id, note) => (
          <Select id={id} aria-describedby={note} value={values.provider} onChange={(e) => set({ provider: e.target.value as Provider })}>
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Engine" error={problem('engine')}>
        {(id, note) => (
          <Select id={id} aria-describedby={note} value={values.engine} onChange={(e) => set({ engine: e.target.value as Engine | '' })}>
            <option value="">None</option>
            {ENGINES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Source repository"
        hint="A git URL (https://, ssh:// or git@host:path); its semver tags become the versions."
        error={problem('sourceRepoUrl')}
      >
        {(id, note) => (
          <Input
            id={id}
            aria-describedby={note}
            aria-invalid={!!problem('sourceRepoUrl')}
            required
            maxLength={2048}
            value={values.sourceRepoUrl}
            onChange={(e) => set({ sourceRepoUrl: e.target.value })}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <Field label="Description" error={problem('description')}>
          {(id, note) => (
            <textarea
              id={id}
              aria-describedby={note}
              aria-invalid={!!problem('description')}
              rows={2}
              maxLength={2000}
              value={values.description}
              onChange={(e) => set({ description: e.target.value })}
              className={textarea}
            />
          )}
        </Field>
      </div>
    </div>
  );
}

export function RegisterModuleDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY_MODULE);
  const create = useCreateIacModule();
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(createModuleBody(values), {
      onSuccess: (m) => {
        setOpen(false);
        setValues(EMPTY_MODULE);
        void navigate({ to: '/iac/modules/$moduleId', params: { moduleId: m.id } });
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) create.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden className="size-4" /> Register module
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Register a module"
        description="Adds the module to the catalog; sync it on its page to read its versions."
        className="max-h-[85vh] w-[min(92vw,680px)] overflow-y-auto"
      >
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <ModuleFields values={values} set={(p) => setValues((v) => ({ ...v, ...p }))} error={create.error} />
          <FormAlert error={create.error} />
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending || !values.name.trim() || !values.sourceRepoUrl.trim()}>
              Register
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function EditModuleDialog({ module }: { module: IacModule }) {
  const [open, setOpen] = useState(false);
  const before = moduleFormOf(module);
  const [values, setValues] = useState(before);
  const update = useUpdateIacModule(module.id);
  const changes = patchModuleBody(before, values);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(changes, { onSuccess: () => setOpen(false) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Each opening starts from the module as stored now.
        if (next) setValues(moduleFormOf(module));
        else update.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Pencil aria-hidden className="size-3.5" /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Edit ${module.name}`}
        description="A new source repository is read at the next sync."
        className="max-h-[85vh] w-[min(92vw,680px)] overflow-y-auto"
      >
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <ModuleFields values={values} set={(p) => setValues((v) => ({ ...v, ...p }))} error={update.error} />
          <FormAlert error={update.error} />
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending || Object.keys(changes).length === 0}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (componentId) link.mutate(componentId, { onSuccess: () => setOpen(false) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setComponentId(module.componentId ?? undefined);
        else link.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Link2 aria-hidden className="size-3.5" /> {module.componentId ? 'Change component' : 'Link component'}
        </Button>
      </DialogTrigger>
      <DialogContent title={`Link ${module.name} to a component`} description="The component's page then lists this module and its drift.">
        <form onSubmit={submit} className="grid gap-3">
          <ComponentPicker selected={componentId} onSelect={setComponentId} />
          <FormAlert error={link.error} />
          <div className="flex justify-end">
            <Button type="submit" disabled={link.isPending || !componentId || componentId === module.componentId}>
              Link
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
