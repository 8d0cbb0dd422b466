// The widget settings form (decision 754): which config keys each type reads, the values as typed,
// and the PATCH body made from them. Pure, unit-tested.
import type { Widget, WidgetPatch, WidgetType } from './queries';

export interface ConfigField {
  key: string;
  label: string;
  hint: string;
  numeric: boolean;
  /** Set for keys naming records: picked from a list instead of typed (decision 755). */
  picker?: 'component' | 'components' | 'environment';
}

/** The most components a component_health widget may name (the server's limit). */
export const MAX_COMPONENTS = 100;

const limit = (fallback: number): ConfigField => ({
  key: 'limit',
  label: 'Rows shown',
  hint: `1 to 100; empty: ${fallback}.`,
  numeric: true,
});

/** The config keys the data endpoint reads (docs/modules/dashboards.md), as form fields. Other keys are kept untouched. */
export const CONFIG_FIELDS: Record<WidgetType, ConfigField[]> = {
  metric_graph: [{ key: 'metric', label: 'Metric', hint: "The metric's name.", numeric: false }],
  slo_gauge: [
    { key: 'objective', label: 'Objective (%)', hint: 'Above 0 and at most 100; empty: 99.9.', numeric: true },
  ],
  uptime_chart: [{ key: 'days', label: 'Days', hint: '1 to 90; empty: 30.', numeric: true }],
  deployment_feed: [
    limit(10),
    {
      key: 'componentId',
      label: 'Component',
      hint: 'Only deployments of this component.',
      numeric: false,
      picker: 'component',
    },
    {
      key: 'environmentId',
      label: 'Environment',
      hint: 'Only deployments to this environment.',
      numeric: false,
      picker: 'environment',
    },
  ],
  team_activity: [limit(20)],
  component_health: [
    limit(50),
    { key: 'kind', label: 'Component kind', hint: 'Only components of this kind; empty: all.', numeric: false },
    { key: 'owner', label: 'Owner', hint: 'Only components of this owner; empty: all.', numeric: false },
    {
      key: 'componentIds',
      label: 'Components',
      hint: `Only these components, at most ${MAX_COMPONENTS}.`,
      numeric: false,
      picker: 'components',
    },
  ],
  alert_summary: [],
  queue_status: [],
};

export interface WidgetFormValues {
  type: WidgetType;
  title: string;
  gridW: number;
  gridH: number;
  /** Config values as typed (a picked record: its id), by key ('' = not set). */
  settings: Record<string, string>;
  /** Lists of ids picked (componentIds), by key (empty = not set). */
  lists: Record<string, string[]>;
}

const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

export function widgetFormOf(w: Widget): WidgetFormValues {
  const settings: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  for (const fields of Object.values(CONFIG_FIELDS))
    for (const f of fields) {
      const v = (w.config as Record<string, unknown>)[f.key];
      if (f.picker === 'components') {
        if (isIdList(v)) lists[f.key] = v;
      } else if (typeof v === 'string' || typeof v === 'number') settings[f.key] = String(v);
    }
  return { type: w.type, title: w.title, gridW: w.gridW, gridH: w.gridH, settings, lists };
}

/**
 * A number field's text as a number when it reads as one; otherwise the text itself, so the server's
 * 400 names the field and says what it takes (the rules live there, not here).
 */
const valueOf = (f: ConfigField, text: string): unknown => {
  const t = text.trim();
  return f.numeric && t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
};

/** The config to store: the widget's own keys, with the new type's fields as typed (empty removes a key: its default applies). */
export function configOf(before: Record<string, unknown>, values: WidgetFormValues): Record<string, unknown> {
  const config = { ...before };
  for (const f of CONFIG_FIELDS[values.type]) {
    if (f.picker === 'components') {
      const ids = values.lists[f.key] ?? [];
      if (ids.length === 0) delete config[f.key];
      else config[f.key] = ids;
      continue;
    }
    const text = values.settings[f.key] ?? '';
    if (text.trim() === '') delete config[f.key];
    else config[f.key] = valueOf(f, text);
  }
  return config;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed: title, type, size, config (whole, as the API replaces it). */
export function widgetPatch(w: Widget, values: WidgetFormValues): WidgetPatch {
  const body: WidgetPatch = {};
  if (values.title.trim() !== w.title) body.title = values.title.trim();
  if (values.type !== w.type) body.type = values.type;
  if (values.gridW !== w.gridW) body.gridW = values.gridW;
  if (values.gridH !== w.gridH) body.gridH = values.gridH;
  const config = configOf(w.config as Record<string, unknown>, values);
  if (!same(config, w.config)) body.config = config;
  return body;
}
