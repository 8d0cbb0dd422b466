import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useDeleteTemplate,
  useSaveTemplate,
  useTemplates,
  type ServiceTemplate,
  type TemplateBody,
} from './templates-queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/states';
import { TextField } from '../../components/ui/input';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, str } from './admin-ui';
import { QueryState } from '../../components/ui/query-state';

type Variable = NonNullable<TemplateBody['variables']>[number];

function readVariables(d: FormData, rows: number[]): Variable[] {
  return rows.map((row) => ({
    key: str(d, `var.${row}.key`) ?? '',
    label: str(d, `var.${row}.label`),
    default: str(d, `var.${row}.default`),
    pattern: str(d, `var.${row}.pattern`),
    required: d.get(`var.${row}.required`) === 'on',
  }));
}

/** Rows of template variables; the server's problems (`variables.2.key`) are shown on the row's input. */
function VariableRows({
  initial,
  error,
  rows,
  setRows,
}: {
  initial: Variable[];
  error: unknown;
  rows: number[];
  setRows: (rows: number[]) => void;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-[13px] font-medium">Variables</legend>
      {rows.length === 0 && (
        <p className="text-xs text-muted-foreground">No variables: the files are copied as they are.</p>
      )}
      {rows.map((row, i) => {
        const v = initial[row];
        return (
          <div key={row} className="grid gap-2 rounded-md bg-muted/40 p-2 sm:grid-cols-2">
            <TextField
              label={`Variable ${i + 1} key`}
              name={`var.${row}.key`}
              defaultValue={v?.key}
              error={fieldError(error, `variables.${i}.key`)}
            />
            <TextField
              label={`Variable ${i + 1} label`}
              name={`var.${row}.label`}
              defaultValue={v?.label}
              error={fieldError(error, `variables.${i}.label`)}
            />
            <TextField
              label={`Variable ${i + 1} default`}
              name={`var.${row}.default`}
              defaultValue={v?.default}
              error={fieldError(error, `variables.${i}.default`)}
            />
            <TextField
              label={`Variable ${i + 1} pattern`}
              name={`var.${row}.pattern`}
              defaultValue={v?.pattern}
              description="A regular expression values must match"
              error={fieldError(error, `variables.${i}.pattern`)}
            />
            <label className="flex items-center gap-2 text-[13px]">
              <input
                type="checkbox"
                name={`var.${row}.required`}
                defaultChecked={v?.required ?? false}
                className="size-4"
              />
              Variable {i + 1} required
            </label>
            <div className="flex justify-end">
              <Button variant="ghost" size="sm" onClick={() => setRows(rows.filter((r) => r !== row))}>
                Remove variable {i + 1}
              </Button>
            </div>
          </div>
        );
      })}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setRows([...rows, Math.max(initial.length - 1, ...rows) + 1])}
        >
          Add variable
        </Button>
      </div>
    </fieldset>
  );
}

/** The form's fields as the write's body; the variables are read from the rows still shown. */
function templateBody(d: FormData, rows: number[], template?: ServiceTemplate): TemplateBody {
  return {
    name: str(d, 'name') ?? '',
    description: str(d, 'description') ?? '',
    language: str(d, 'language') ?? '',
    framework: str(d, 'framework') ?? '',
    // Editing: an empty URL keeps the stored one (a built-in's is not shown).
    repositoryUrl: str(d, 'repositoryUrl') ?? (template ? undefined : ''),
    tags: (str(d, 'tags') ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    variables: readVariables(d, rows),
  } as TemplateBody;
}

function TemplateForm({ template }: { template?: ServiceTemplate }) {
  const save = useSaveTemplate();
  const initial: Variable[] = template?.variables ?? [];
  const [rows, setRows] = useState<number[]>(initial.map((_, i) => i));
  const e = save.error;
  return (
    <AdminFormDialog
      trigger={template ? 'Edit' : 'Register template'}
      triggerLabel={template ? `Edit template ${template.name}` : undefined}
      triggerVariant={template ? 'secondary' : 'primary'}
      title={template ? `Edit ${template.name}` : 'Register a template'}
      description="Its files are the git repository’s tree at the default branch, read at each scaffold."
      submitLabel={template ? 'Save' : 'Register template'}
      pending={save.isPending}
      error={e}
      onOpen={() => {
        save.reset();
        setRows(initial.map((_, i) => i));
      }}
      onSubmit={(d) => save.mutateAsync({ id: template?.id, body: templateBody(d, rows, template) })}
    >
      <TextField label="Name" name="name" required defaultValue={template?.name} error={fieldError(e, 'name')} />
      <TextField
        label="Description"
        name="description"
        defaultValue={template?.description}
        error={fieldError(e, 'description')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Language"
          name="language"
          required
          defaultValue={template?.language}
          error={fieldError(e, 'language')}
        />
        <TextField
          label="Framework"
          name="framework"
          required
          defaultValue={template?.framework}
          error={fieldError(e, 'framework')}
        />
      </div>
      <TextField
        label="Repository URL"
        name="repositoryUrl"
        required
        defaultValue={template?.isBuiltIn ? undefined : template?.repositoryUrl}
        placeholder={
          template?.isBuiltIn
            ? 'Shipped with Hangar; type a URL to replace it'
            : 'https://git.example.com/templates/service.git'
        }
        error={fieldError(e, 'repositoryUrl')}
      />
      <TextField
        label="Tags"
        name="tags"
        defaultValue={template?.tags.join(', ')}
        description="Comma-separated"
        error={fieldError(e, 'tags')}
      />
      <VariableRows initial={initial} error={e} rows={rows} setRows={setRows} />
    </AdminFormDialog>
  );
}

/** GET/POST /api/v1/service-templates, PATCH/DELETE /api/v1/service-templates/:id. */
export function TemplatesPage() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  return (
    <div className="grid gap-4">
      <AdminHeader title="Templates" action={<TemplateForm />}>
        Service templates people scaffold from. A template’s files are read from its repository at each scaffold, so a
        change pushed there needs no refresh here.
      </AdminHeader>
      <QueryState query={templates} label="templates" rows={5}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="No templates">Register one with “Register template”.</EmptyState>
          ) : (
            <AdminTable label="Templates" head={['Template', 'Language', 'Variables', 'Source', 'Actions']}>
              {data.map((t) => (
                <tr key={t.id}>
                  <td className={cell}>
                    <div className="font-medium">{t.name}</div>
                    {t.description && <div className="text-xs text-muted-foreground">{t.description}</div>}
                    <div className="mt-1 flex flex-wrap gap-1">
                      {t.tags.map((tag) => (
                        <Badge key={tag}>{tag}</Badge>
                      ))}
                    </div>
                  </td>
                  <td className={cell}>
                    {t.language} · {t.framework}
                  </td>
                  <td className={cell}>{t.variables.map((v) => v.key).join(', ') || '—'}</td>
                  <td className={cell}>
                    {t.isBuiltIn ? (
                      <Badge tone="primary">built-in</Badge>
                    ) : (
                      <span className="font-mono text-xs break-all">{t.repositoryUrl}</span>
                    )}
                  </td>
                  <td className={cell}>
                    <span className="flex gap-1">
                      <TemplateForm template={t} />
                      <ConfirmAction
                        trigger="Delete"
                        triggerLabel={`Delete template ${t.name}`}
                        title={`Delete ${t.name}?`}
                        description={
                          t.isBuiltIn
                            ? 'A built-in template comes back, as shipped, the next time the server starts.'
                            : 'People can no longer scaffold from it. Services made from it are not touched.'
                        }
                        confirmLabel="Delete template"
                        onConfirm={() => remove.mutateAsync(t.id)}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </QueryState>
    </div>
  );
}
