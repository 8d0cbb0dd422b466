// A template's page: the form its variables call for, the dry-run preview (decision 703: create is
// offered only for the values a preview showed), then the scaffold's live progress.
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, Eye, Rocket } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { FieldsError } from '../../api/field-errors';
import { useDryRun, useScaffold, useScaffoldRequest, useTemplate, type ScaffoldRequest, type ServiceTemplate } from './queries';
import { scaffoldKeys } from './keys';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { ErrorState, Loading } from '../../components/ui/states';
import { checkAll, errorsFromDetails, initialValues, previewMatches, TARGET_FIELD, toBody, type FormValues } from './form-model';
import { PreviewPanel } from './preview-panel';
import { ProgressPanel } from './progress-panel';

const route = getRouteApi('/app/create/$templateId');

export function CreatePage() {
  const { templateId } = route.useParams();
  const search = route.useSearch();
  const template = useTemplate(templateId);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Link to="/create" className="inline-flex w-fit items-center gap-1 text-[13px] text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-3.5" /> All templates
      </Link>
      <QueryState query={template} label="the template" notFound={{ title: 'No template with this id' }}>
        {(t) => (
          <>
            <header className="grid gap-1.5">
              <h1 className="text-xl font-semibold tracking-tight">Create a service from {t.name}</h1>
              {t.description && <p className="text-[13px] text-muted-foreground">{t.description}</p>}
              <div className="flex flex-wrap gap-1.5">
                <Badge tone="primary">{t.language}</Badge>
                <Badge>{t.framework}</Badge>
                {t.tags.map((tag) => (
                  <Badge key={tag} className="font-normal">
                    #{tag}
                  </Badge>
                ))}
              </div>
            </header>
            {search.request ? (
              <ProgressPanel requestId={search.request} template={t} />
            ) : (
              <SeededWorkspace template={t} previewId={search.preview} file={search.file} />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

/** After a reload on `?preview=<id>`, the form starts from the values that dry run used. */
function SeededWorkspace({ template, previewId, file }: { template: ServiceTemplate; previewId?: string; file?: string }) {
  const preview = useScaffoldRequest(previewId);
  const [seed] = useState(() => preview.data);
  if (previewId && !seed && preview.isPending) return <Loading rows={4} label="Loading the preview" />;
  const from = seed ?? (preview.data?.templateId === template.id ? preview.data : undefined);
  return <Workspace key={from ? 'seeded' : 'fresh'} template={template} seed={from} preview={preview.data} file={file} />;
}

function Workspace({ template, seed, preview, file }: { template: ServiceTemplate; seed?: ScaffoldRequest; preview?: ScaffoldRequest; file?: string }) {
  const defs = template.variables;
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => initialValues(defs, seed));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ fields: Record<string, string>; other: string[]; error?: unknown }>({ fields: {}, other: [] });
  const dryRun = useDryRun();
  const scaffold = useScaffold();
  // A preview refused (here or by the server) asks for focus on the first field marked invalid, once
  // React has rendered the marks (decision 796).
  const [focusAsked, askFocus] = useState(0);
  useEffect(() => {
    if (focusAsked) document.querySelector<HTMLInputElement>('form [aria-invalid="true"]')?.focus();
  }, [focusAsked]);

  const problems = checkAll(defs, values);
  const showProblem = (field: string) => serverErrors.fields[field] ?? (submitted || touched.has(field) ? problems[field] : undefined);
  const current = preview && preview.dryRun && preview.templateId === template.id && previewMatches(defs, values, preview) ? preview : undefined;

  const edit = (field: string, apply: (v: FormValues) => FormValues) => {
    setValues(apply);
    setTouched((t) => new Set(t).add(field));
    // A server's complaint about a field holds until that field changes.
    setServerErrors((e) => {
      if (!(field in e.fields)) return e;
      const fields = { ...e.fields };
      delete fields[field];
      return { ...e, fields };
    });
  };

  const fail = (err: unknown) => {
    if (err instanceof FieldsError && err.status === 400 && err.details.length > 0) setServerErrors({ ...errorsFromDetails(defs, err.details) });
    else setServerErrors({ fields: {}, other: [], error: err });
  };

  const onPreview = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({ fields: {}, other: [] });
    if (Object.keys(problems).length > 0) {
      askFocus((n) => n + 1);
      return;
    }
    try {
      const result = await dryRun.mutateAsync({ templateId: template.id, ...toBody(defs, values) });
      queryClient.setQueryData(scaffoldKeys.request(result.id), result);
      const first = result.renderedFiles?.find((p) => /^readme\.md$/i.test(p)) ?? result.renderedFiles?.[0];
      void navigate({ search: { preview: result.id, ...(first ? { file: first } : {}) }, replace: true });
    } catch (err) {
      fail(err);
      askFocus((n) => n + 1);
    }
  };

  const onCreate = async () => {
    if (!current) return;
    setServerErrors({ fields: {}, other: [] });
    try {
      const result = await scaffold.mutateAsync({ templateId: template.id, ...toBody(defs, values) });
      queryClient.setQueryData(scaffoldKeys.request(result.id), result);
      void queryClient.invalidateQueries({ queryKey: scaffoldKeys.requests() });
      void navigate({ search: { request: result.id } });
    } catch (err) {
      fail(err);
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <form noValidate onSubmit={(e) => void onPreview(e)} aria-labelledby="settings-heading" className="grid max-w-2xl gap-4">
        <h2 id="settings-heading" className="text-base font-semibold">
          Settings
        </h2>
        {(serverErrors.other.length > 0 || serverErrors.error !== undefined) && (
          <ErrorState error={serverErrors.error ?? new FieldsError(400, serverErrors.other.join('; '), [])} />
        )}
        <Field
          label="Target repository (required)"
          hint="A git URL (https, ssh or git). The files are committed to its branch main; an empty repository gets its first commit."
          error={showProblem(TARGET_FIELD)}
        >
          {(id, describedBy) => (
            <Input
              id={id}
              name={TARGET_FIELD}
              value={values.targetRepository}
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="https://git.example.com/team/my-service.git"
              aria-invalid={showProblem(TARGET_FIELD) ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => edit(TARGET_FIELD, (v) => ({ ...v, targetRepository: e.target.value }))}
              onBlur={() => setTouched((t) => new Set(t).add(TARGET_FIELD))}
            />
          )}
        </Field>
        {defs.map((d) => {
          const field = `variables.${d.key}`;
          const problem = showProblem(field);
          const sentence = (t: string) => (t && !/[.!?]$/.test(t) ? `${t}.` : t);
          const hint = [sentence(d.description), d.default ? `Default: ${d.default}.` : '', d.pattern ? `Pattern: ${d.pattern}` : ''].filter(Boolean).join(' ');
          return (
            <Field key={d.key} label={`${d.label || d.key}${d.required ? ' (required)' : ''}`} hint={hint || undefined} error={problem}>
              {(id, describedBy) => (
                <Input
                  id={id}
                  name={field}
                  value={values.variables[d.key] ?? ''}
                  required={d.required}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={d.default || undefined}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => edit(field, (v) => ({ ...v, variables: { ...v.variables, [d.key]: e.target.value } }))}
                  onBlur={() => setTouched((t) => new Set(t).add(field))}
                />
              )}
            </Field>
          );
        })}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant={current ? 'secondary' : 'primary'} disabled={dryRun.isPending}>
            <Eye aria-hidden className="size-4" /> {dryRun.isPending ? 'Rendering…' : current ? 'Preview again' : 'Preview files'}
          </Button>
          <Button type="button" disabled={!current || scaffold.isPending} onClick={() => void onCreate()} aria-describedby="create-note">
            <Rocket aria-hidden className="size-4" /> {scaffold.isPending ? 'Creating…' : 'Create service'}
          </Button>
          <p id="create-note" className="text-xs text-muted-foreground">
            {current ? 'Creates the repository with the files previewed below.' : 'Preview the files first: creating is offered for the values you previewed.'}
          </p>
        </div>
      </form>
      {preview && preview.templateId === template.id && preview.dryRun && (
        <PreviewPanel
          request={preview}
          file={file}
          stale={!current}
          onSelect={(path) => void navigate({ search: { preview: preview.id, file: path }, replace: true })}
        />
      )}
    </div>
  );
}
