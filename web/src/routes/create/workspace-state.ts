// The template form's state (decisions 703, 796): values, touched fields, the server's complaints per
// field, and the preview and create actions. A preview is current only for the values it rendered.
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { FieldsError } from '../../api/field-errors';
import { useDryRun, useScaffold, type ScaffoldRequest, type ServiceTemplate } from './queries';
import { scaffoldKeys } from './keys';
import { checkAll, errorsFromDetails, initialValues, previewMatches, toBody, type FormValues } from './form-model';

const route = getRouteApi('/app/create/$templateId');

export interface ServerErrors {
  fields: Record<string, string>;
  other: string[];
  error?: unknown;
}

const NONE: ServerErrors = { fields: {}, other: [] };

/** Asks for focus on the first field marked invalid, once React has rendered the marks (decision 796). */
function useFocusOnInvalid() {
  const [focusAsked, askFocus] = useState(0);
  useEffect(() => {
    if (focusAsked) document.querySelector<HTMLInputElement>('form [aria-invalid="true"]')?.focus();
  }, [focusAsked]);
  return () => askFocus((n) => n + 1);
}

/** Values, touched fields and the server's complaints; a complaint about a field holds until it changes. */
function useFormValues(defs: ServiceTemplate['variables'], seed?: ScaffoldRequest) {
  const [values, setValues] = useState<FormValues>(() => initialValues(defs, seed));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>(NONE);
  const problems = checkAll(defs, values);
  const showProblem = (field: string) =>
    serverErrors.fields[field] ?? (submitted || touched.has(field) ? problems[field] : undefined);
  const touch = (field: string) => setTouched((t) => new Set(t).add(field));
  const edit = (field: string, apply: (v: FormValues) => FormValues) => {
    setValues(apply);
    touch(field);
    setServerErrors((e) => {
      if (!(field in e.fields)) return e;
      const fields = { ...e.fields };
      delete fields[field];
      return { ...e, fields };
    });
  };
  const fail = (err: unknown) => {
    if (err instanceof FieldsError && err.status === 400 && err.details.length > 0)
      setServerErrors({ ...errorsFromDetails(defs, err.details) });
    else setServerErrors({ fields: {}, other: [], error: err });
  };
  const clearServerErrors = () => setServerErrors(NONE);
  return { values, problems, serverErrors, showProblem, touch, edit, fail, clearServerErrors, setSubmitted };
}

export function useWorkspace(template: ServiceTemplate, seed?: ScaffoldRequest, preview?: ScaffoldRequest) {
  const defs = template.variables;
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const form = useFormValues(defs, seed);
  const dryRun = useDryRun();
  const scaffold = useScaffold();
  const focusInvalid = useFocusOnInvalid();
  const { values } = form;
  const current =
    preview && preview.dryRun && preview.templateId === template.id && previewMatches(defs, values, preview)
      ? preview
      : undefined;

  const onPreview = async (e: FormEvent) => {
    e.preventDefault();
    form.setSubmitted(true);
    form.clearServerErrors();
    if (Object.keys(form.problems).length > 0) return focusInvalid();
    try {
      const result = await dryRun.mutateAsync({ templateId: template.id, ...toBody(defs, values) });
      queryClient.setQueryData(scaffoldKeys.request(result.id), result);
      const first = result.renderedFiles?.find((p) => /^readme\.md$/i.test(p)) ?? result.renderedFiles?.[0];
      void navigate({ search: { preview: result.id, ...(first ? { file: first } : {}) }, replace: true });
    } catch (err) {
      form.fail(err);
      focusInvalid();
    }
  };

  const onCreate = async () => {
    if (!current) return;
    form.clearServerErrors();
    try {
      const result = await scaffold.mutateAsync({ templateId: template.id, ...toBody(defs, values) });
      queryClient.setQueryData(scaffoldKeys.request(result.id), result);
      void queryClient.invalidateQueries({ queryKey: scaffoldKeys.requests() });
      void navigate({ search: { request: result.id } });
    } catch (err) {
      form.fail(err);
    }
  };

  return { ...form, current, onPreview, onCreate, previewing: dryRun.isPending, creating: scaffold.isPending };
}
