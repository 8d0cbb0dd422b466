// Admin edits of a dashboard and of one widget (PATCH; the server refuses others, so only admins see
// them). The server's 400 details appear on the field they name (decision 754); FormDialog's onOpen
// and onClose reset the values and the last write (decision 756).
import { Pencil, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useUpdateDashboard,
  useUpdateWidget,
  type Dashboard,
  type DashboardPatch,
  type Widget,
  type WidgetType,
} from './queries';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field, Input, Select } from '../../components/ui/input';
import { ComponentPick, ComponentsPick, EnvironmentPick } from './config-pickers';
import {
  CONFIG_FIELDS,
  MAX_COMPONENTS,
  widgetFormOf,
  widgetPatch,
  type ConfigField,
  type WidgetFormValues,
} from './widget-form';
import { WIDGET_TYPES } from './widgets';

const textarea =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive';

type Visibility = Dashboard['visibility'];

export function EditDashboardDialog({ dashboard }: { dashboard: Dashboard }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(dashboard.name);
  const [description, setDescription] = useState(dashboard.description);
  const [visibility, setVisibility] = useState<Visibility>(dashboard.visibility);
  const update = useUpdateDashboard(dashboard.id);
  const body: DashboardPatch = {
    ...(name.trim() !== dashboard.name && { name: name.trim() }),
    ...(description.trim() !== dashboard.description && { description: description.trim() }),
    ...(visibility !== dashboard.visibility && { visibility }),
  };
  const submit = () => update.mutate(body, { onSuccess: () => setOpen(false) });
  const problem = (field: string) => fieldError(update.error, field);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      // Each opening starts from the dashboard as stored now; each closing forgets the last error.
      onOpen={() => {
        setName(dashboard.name);
        setDescription(dashboard.description);
        setVisibility(dashboard.visibility);
      }}
      onClose={() => update.reset()}
      trigger={
        <Button variant="secondary">
          <Pencil aria-hidden className="size-4" /> Edit
        </Button>
      }
      title="Edit the dashboard"
      className=""
      onSubmit={submit}
      error={update.error}
      submitLabel="Save"
      submitDisabled={update.isPending || Object.keys(body).length === 0}
    >
      <Field label="Name" error={problem('name')}>
        {(id, note) => (
          <Input
            id={id}
            aria-describedby={note}
            aria-invalid={!!problem('name')}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Field label="Description" error={problem('description')}>
        {(id, note) => (
          <textarea
            id={id}
            aria-describedby={note}
            aria-invalid={!!problem('description')}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            className={textarea}
          />
        )}
      </Field>
      <Field
        label="Visibility"
        hint="Private: only its owner sees it. Workspace: every signed-in user."
        error={problem('visibility')}
      >
        {(id, note) => (
          <Select
            id={id}
            aria-describedby={note}
            value={visibility}
            onChange={(e) => setVisibility(e.target.value as Visibility)}
          >
            <option value="private">Private</option>
            <option value="workspace">Workspace</option>
          </Select>
        )}
      </Field>
    </FormDialog>
  );
}

/** One config setting: typed, or picked when it names records (decision 755). */
function ConfigInput({
  field: f,
  values,
  error,
  set,
}: {
  field: ConfigField;
  values: WidgetFormValues;
  error?: string;
  set: (patch: Partial<WidgetFormValues>) => void;
}) {
  const setting = (value: string) => set({ settings: { ...values.settings, [f.key]: value } });
  if (f.picker === 'component')
    return <ComponentPick label={f.label} value={values.settings[f.key] ?? ''} error={error} onChange={setting} />;
  if (f.picker === 'environment')
    return <EnvironmentPick label={f.label} value={values.settings[f.key] ?? ''} error={error} onChange={setting} />;
  if (f.picker === 'components')
    return (
      <ComponentsPick
        label={f.label}
        value={values.lists[f.key] ?? []}
        error={error}
        max={MAX_COMPONENTS}
        onChange={(ids) => set({ lists: { ...values.lists, [f.key]: ids } })}
      />
    );
  return (
    <Field label={f.label} hint={f.hint} error={error}>
      {(id, note) => (
        <Input
          id={id}
          aria-describedby={note}
          aria-invalid={!!error}
          inputMode={f.numeric ? 'decimal' : undefined}
          value={values.settings[f.key] ?? ''}
          onChange={(e) => setting(e.target.value)}
        />
      )}
    </Field>
  );
}

const COLUMNS = Array.from({ length: 12 }, (_, i) => i + 1);
/** Heights offered; a height set through the API beyond them is kept as an option. */
const ROWS = [1, 2, 3, 4, 5, 6, 8, 10, 12];
const withCurrent = (list: number[], current: number) =>
  list.includes(current) ? list : [...list, current].sort((a, b) => a - b);

/** The widget's width and height in grid cells. */
function GridSizeFields({
  values,
  set,
  problem,
}: {
  values: WidgetFormValues;
  set: (patch: Partial<WidgetFormValues>) => void;
  problem: (field: string) => string | undefined;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Width (of 12 columns)" error={problem('gridW')}>
        {(id, note) => (
          <Select
            id={id}
            aria-describedby={note}
            value={values.gridW}
            onChange={(e) => set({ gridW: Number(e.target.value) })}
          >
            {withCurrent(COLUMNS, values.gridW).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Height (rows)" error={problem('gridH')}>
        {(id, note) => (
          <Select
            id={id}
            aria-describedby={note}
            value={values.gridH}
            onChange={(e) => set({ gridH: Number(e.target.value) })}
          >
            {withCurrent(ROWS, values.gridH).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

export function EditWidgetDialog({ dashboardId, widget }: { dashboardId: string; widget: Widget }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<WidgetFormValues>(() => widgetFormOf(widget));
  const update = useUpdateWidget(dashboardId, widget.id);
  const body = widgetPatch(widget, values);
  const set = (patch: Partial<WidgetFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const problem = (field: string) => fieldError(update.error, field);
  const submit = () => update.mutate(body, { onSuccess: () => setOpen(false) });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onOpen={() => setValues(widgetFormOf(widget))}
      onClose={() => update.reset()}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Edit ${widget.title}`}>
          <Settings2 aria-hidden className="size-3.5" />
        </Button>
      }
      title={`Edit the widget ${widget.title}`}
      className="max-h-[85vh] overflow-y-auto"
      onSubmit={submit}
      error={update.error}
      submitLabel="Save"
      submitDisabled={update.isPending || Object.keys(body).length === 0}
    >
      <Field label="Title" error={problem('title')}>
        {(id, note) => (
          <Input
            id={id}
            aria-describedby={note}
            aria-invalid={!!problem('title')}
            required
            value={values.title}
            onChange={(e) => set({ title: e.target.value })}
          />
        )}
      </Field>
      <Field label="Type" hint="A new type keeps the settings it shares with the old one." error={problem('type')}>
        {(id, note) => (
          <Select
            id={id}
            aria-describedby={note}
            value={values.type}
            onChange={(e) => set({ type: e.target.value as WidgetType })}
          >
            {WIDGET_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {CONFIG_FIELDS[values.type].map((f) => (
        <ConfigInput key={f.key} field={f} values={values} error={problem(`config.${f.key}`)} set={set} />
      ))}
      <GridSizeFields values={values} set={set} problem={problem} />
    </FormDialog>
  );
}
