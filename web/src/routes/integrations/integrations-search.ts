// URL state of the integration pages, validated (decision 147): whatever is in the address bar becomes
// a well-formed state. Pure, unit-tested.

export const MESH_RANGES = ['15m', '1h', '6h', '24h'] as const;
export type MeshRange = (typeof MESH_RANGES)[number];

export interface IntegrationSearch {
  /** Mesh: the service, its namespace and the window. */
  service?: string;
  namespace?: string;
  range?: MeshRange;
  /** Registry: the repository and tag shown. */
  repo?: string;
  tag?: string;
  /** Policy: the component whose stored evaluations are listed. Cost: the team summarised. */
  component?: string;
  team?: string;
  /** CI: the self-run CI job whose builds are shown. */
  job?: string;
  /** Gateway: 1-based page, stale routes only. */
  page?: number;
  stale?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown, max = 200): string | undefined => {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
};
const uuid = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined);

export function parseIntegrationSearch(raw: Record<string, unknown>): IntegrationSearch {
  const out: IntegrationSearch = {};
  for (const key of ['service', 'namespace', 'repo', 'tag', 'job'] as const) {
    const value = text(raw[key], key === 'repo' ? 300 : 200);
    if (value) out[key] = value;
  }
  if (MESH_RANGES.includes(raw.range as MeshRange)) out.range = raw.range as MeshRange;
  const component = uuid(raw.component);
  if (component) out.component = component;
  const team = uuid(raw.team);
  if (team) out.team = team;
  const page =
    typeof raw.page === 'number'
      ? raw.page
      : typeof raw.page === 'string' && /^\d+$/.test(raw.page)
        ? Number(raw.page)
        : NaN;
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  if (raw.stale === true || raw.stale === 'true') out.stale = true;
  if (!out.repo) delete out.tag;
  return out;
}
