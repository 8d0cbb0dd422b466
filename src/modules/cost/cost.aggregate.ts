export const AGGREGATE_ANNOTATION = 'hangar.io/cost-aggregate';
export const BUDGET_ANNOTATION = 'hangar.io/budget-usd';
export const DEFAULT_AGGREGATE = 'label:app';

// OpenCost's aggregation fields (https://opencost.io/docs/integrations/api): alone, they are matched to the component name.
const FIELDS = new Set([
  'cluster',
  'node',
  'namespace',
  'controllerKind',
  'controller',
  'service',
  'pod',
  'container',
  'deployment',
  'statefulset',
  'daemonset',
  'job',
  'department',
  'environment',
  'owner',
  'product',
  'team',
]);
const isField = (s: string) => FIELDS.has(s) || /^(label|annotation):[^:]+$/.test(s);

/**
 * The OpenCost aggregation and the key of a component: annotation `hangar.io/cost-aggregate` as
 * `<field>:<value>` (`namespace:shop`, `label:team:payments`) or a bare field (`namespace`,
 * `label:app`: the value is the component's name); default `label:app` = the component's name.
 */
export function aggregateOf(component: { name: string; annotations?: Record<string, string> | null }): {
  aggregate: string;
  key: string;
} {
  const raw = component.annotations?.[AGGREGATE_ANNOTATION]?.trim();
  if (!raw) return { aggregate: DEFAULT_AGGREGATE, key: component.name };
  if (isField(raw)) return { aggregate: raw, key: component.name };
  const cut = raw.lastIndexOf(':');
  const aggregate = raw.slice(0, cut);
  const key = raw.slice(cut + 1);
  return cut > 0 && key && isField(aggregate)
    ? { aggregate, key }
    : { aggregate: DEFAULT_AGGREGATE, key: component.name };
}

/** The budget annotation as a number of dollars, or null when absent or not a number. */
export function budgetOf(annotations: Record<string, string> | null | undefined): number | null {
  const raw = annotations?.[BUDGET_ANNOTATION]?.trim();
  if (!raw) return null;
  const n = Number(raw.replace(/^\$/, ''));
  return Number.isFinite(n) && n >= 0 ? n : null;
}
