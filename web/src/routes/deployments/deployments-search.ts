// URL state of the deployments feed: environment, component, status and page, validated (decision 147).
// Pure, unit-tested.

export const DEPLOYMENT_STATUSES = ['pending', 'in_progress', 'succeeded', 'failed', 'rolled_back'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];
export const FEED_PAGE_SIZE = 25;

export interface DeploymentsSearch {
  env?: string;
  component?: string;
  status?: DeploymentStatus;
  /** 1-based. */
  page?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (value: unknown): string | undefined =>
  typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;

export function parseDeploymentsSearch(raw: Record<string, unknown>): DeploymentsSearch {
  const out: DeploymentsSearch = {};
  const env = uuid(raw.env);
  if (env) out.env = env;
  const component = uuid(raw.component);
  if (component) out.component = component;
  if (typeof raw.status === 'string' && (DEPLOYMENT_STATUSES as readonly string[]).includes(raw.status))
    out.status = raw.status as DeploymentStatus;
  const page =
    typeof raw.page === 'number'
      ? raw.page
      : typeof raw.page === 'string' && /^\d{1,6}$/.test(raw.page)
        ? Number(raw.page)
        : NaN;
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  return out;
}

/** The GET /api/v1/deployments query of a feed view. */
export function feedQuery(search: DeploymentsSearch) {
  return {
    ...(search.env ? { environmentId: search.env } : {}),
    ...(search.component ? { componentId: search.component } : {}),
    ...(search.status ? { status: search.status } : {}),
    skip: ((search.page ?? 1) - 1) * FEED_PAGE_SIZE,
    take: FEED_PAGE_SIZE,
  };
}

/** The latest deployment of each component in a newest-first list: what runs in that environment now. */
export function latestPerComponent<T extends { componentId: string }>(newestFirst: T[]): T[] {
  const seen = new Set<string>();
  return newestFirst.filter((d) => !seen.has(d.componentId) && seen.add(d.componentId));
}
