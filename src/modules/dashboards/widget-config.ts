import type { WidgetType } from './dashboards.schemas.js';
import { isUuid } from '../../kernel/schemas.js';

/**
 * Type-specific widget settings. `config` is a free object in the API; the keys below are the ones
 * the data endpoint reads, checked when a widget is created or changed so data reads never fail.
 * Unknown keys are kept (front ends may store their own display settings there).
 */

type Check = (value: unknown) => string | undefined;
const limit: Check = (v) =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100 ? undefined : 'must be an integer from 1 to 100';
const text: Check = (v) =>
  typeof v === 'string' && v.length >= 1 && v.length <= 200 ? undefined : 'must be a string of 1-200 characters';
const uuid: Check = (v) => (isUuid(v) ? undefined : 'must be a UUID');
const uuids: Check = (v) =>
  Array.isArray(v) && v.length <= 100 && v.every((x) => isUuid(x))
    ? undefined
    : 'must be an array of at most 100 UUIDs';
const percent: Check = (v) =>
  typeof v === 'number' && v > 0 && v <= 100 ? undefined : 'must be a number above 0 and at most 100';
const days: Check = (v) =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 90 ? undefined : 'must be an integer from 1 to 90';

const RULES: Record<WidgetType, Record<string, Check>> = {
  deployment_feed: { limit, componentId: uuid, environmentId: uuid },
  team_activity: { limit },
  component_health: { limit, kind: text, owner: text, componentIds: uuids },
  alert_summary: {},
  metric_graph: { metric: text },
  queue_status: {},
  slo_gauge: { objective: percent },
  uptime_chart: { days },
};

/** The first problem of a widget's config for its type, as `{field, problem}`, or undefined. */
export function widgetConfigProblem(
  type: WidgetType,
  config: Record<string, unknown>,
): { field: string; problem: string } | undefined {
  for (const [key, check] of Object.entries(RULES[type])) {
    if (config[key] === undefined) continue;
    const problem = check(config[key]);
    if (problem) return { field: `config.${key}`, problem: `${problem} for a ${type} widget` };
  }
  return undefined;
}

/** Reads a setting that `widgetConfigProblem` already checked, with its default. */
export const setting = <T>(config: Record<string, unknown>, key: string, fallback: T): T =>
  config[key] === undefined ? fallback : (config[key] as T);
