// The DORA page's URL state (decision 147): scope, id, window and drill-down tab, validated.

export const DORA_WINDOWS = [7, 30, 90, 180, 365] as const;
export const DORA_SCOPES = ['organization', 'team', 'component', 'environment'] as const;
export const DORA_DRILLS = ['deployments', 'failed', 'changes', 'skewed', 'incidents'] as const;

export interface DoraSearch {
  scope?: (typeof DORA_SCOPES)[number];
  id?: string;
  days?: (typeof DORA_WINDOWS)[number];
  drill?: (typeof DORA_DRILLS)[number];
  page?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends readonly unknown[]>(list: T, value: unknown): T[number] | undefined =>
  list.includes(value) ? (value as T[number]) : undefined;

export function parseDoraSearch(raw: Record<string, unknown>): DoraSearch {
  const scope = oneOf(DORA_SCOPES, raw.scope);
  const id = typeof raw.id === 'string' && UUID.test(raw.id) ? raw.id : undefined;
  const days = oneOf(DORA_WINDOWS, typeof raw.days === 'string' ? Number(raw.days) : raw.days);
  const page = typeof raw.page === 'number' || typeof raw.page === 'string' ? Number(raw.page) : NaN;
  return {
    // A scope other than the organization needs its id; without one the page shows the organization.
    scope: scope && scope !== 'organization' && id ? scope : undefined,
    id: scope && scope !== 'organization' && id ? id : undefined,
    days: days === 30 ? undefined : days,
    drill: oneOf(DORA_DRILLS, raw.drill),
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : undefined,
  };
}

/** The API's window for the last `days` whole UTC days up to today. */
export function windowOf(days: number, today = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (days - 1) * 86_400_000,
  )
    .toISOString()
    .slice(0, 10);
  return { from, to };
}

/** Seconds as a short duration a person reads (45 s, 12 min, 3.5 h, 2.1 d). */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}
