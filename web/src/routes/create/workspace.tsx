// A template's form and its preview (decision 703): the target repository, one field per variable,
// Preview files, and Create service for the values a preview showed.
import { getRouteApi } from '@tanstack/react-router';
import { Eye, Rocket } from 'lucide-react';
import { FieldsError } from '../../api/field-errors';
import type { ScaffoldRequest, ServiceTemplate } from './queries';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/input';
import { ErrorState } from '../../components/ui/states';
import { TARGET_FIELD } from './form-model';
import { PreviewPanel } from './preview-panel';
import { useWorkspace } from './workspace-state';

const route = getRouteApi('/app/create/$templateId');

type Form = ReturnType<typeof useWorkspace>;
type Variable = ServiceTemplate['variables'][number];

function TargetField({ form }: { form: Form }) {
  const problem = form.showProblem(TARGET_FIELD);
  return (
    <Field
      label="Target repository (required)"
      hint="A git URL (https, ssh or git). The files are committed to its branch main; an empty repository gets its first commit."
      error={problem}
    >
      {(id, describedBy) => (
        <Input
          id={id}
          name={TARGET_FIELD}
          value={form.values.targetRepository}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="https://git.example.com/team/my-service.git"
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => form.edit(TARGET_FIELD, (v) => ({ ...v, targetRepository: e.target.value }))}
          onBlur={() => form.touch(TARGET_FIELD)}
        />
      )}
    </Field>
  );
}

const sentence = (t: string) => (t && !/[.!?]$/.test(t) ? `${t}.` : t);

function VariableField({ form, variable: d }: { form: Form; variable: Variable }) {
  const field = `variables.${d.key}`;
  const problem = form.showProblem(field);
  const hint = [
    sentence(d.description),
    d.default ? `Default: ${d.default}.` : '',
    d.pattern ? `Pattern: ${d.pattern}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Field label={`${d.label || d.key}${d.required ? ' (required)' : ''}`} hint={hint || undefined} error={problem}>
      {(id, describedBy) => (
        <Input
          id={id}
          name={field}
          value={form.values.variables[d.key] ?? ''}
          required={d.required}
          autoComplete="off"
          spellCheck={false}
          placeholder={d.default || undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => form.edit(field, (v) => ({ ...v, variables: { ...v.variables, [d.key]: e.target.value } }))}
          onBlur={() => form.touch(field)}
        />
      )}
    </Field>
  );
}

function Actions({ form }: { form: Form }) {
  const { current } = form;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" variant={current ? 'secondary' : 'primary'} disabled={form.previewing}>
        <Eye aria-hidden className="size-4" />{' '}
        {form.previewing ? 'Rendering…' : current ? 'Preview again' : 'Preview files'}
      </Button>
      <Button
        type="button"
        disabled={!current || form.creating}
        onClick={() => void form.onCreate()}
        aria-describedby="create-note"
      >
        <Rocket aria-hidden className="size-4" /> {form.creating ? 'Creating…' : 'Create service'}
      </Button>
      <p id="create-note" className="text-xs text-muted-foreground">
        {current
          ? 'Creates the repository with the files previewed below.'
          : 'Preview the files first: creating is offered for the values you previewed.'}
      </p>
    </div>
  );
}

export function Workspace({
  template,
  seed,
  preview,
  file,
}: {
  template: ServiceTemplate;
  seed?: ScaffoldRequest;
  preview?: ScaffoldRequest;
  file?: string;
}) {
  const navigate = route.useNavigate();
  const form = useWorkspace(template, seed, preview);
  const { serverErrors } = form;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <form
        noValidate
        onSubmit={(e) => void form.onPreview(e)}
        aria-labelledby="settings-heading"
        className="grid max-w-2xl gap-4"
      >
        <h2 id="settings-heading" className="text-base font-semibold">
          Settings
        </h2>
        {(serverErrors.other.length > 0 || serverErrors.error !== undefined) && (
          <ErrorState error={serverErrors.error ?? new FieldsError(400, serverErrors.other.join('; '), [])} />
        )}
        <TargetField form={form} />
        {template.variables.map((d) => (
          <VariableField key={d.key} form={form} variable={d} />
        ))}
        <Actions form={form} />
      </form>
      {preview && preview.templateId === template.id && preview.dryRun && (
        <PreviewPanel
          request={preview}
          file={file}
          stale={!form.current}
          onSelect={(path) => void navigate({ search: { preview: preview.id, file: path }, replace: true })}
        />
      )}
    </div>
  );
}
