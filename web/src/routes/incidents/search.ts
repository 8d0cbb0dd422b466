// URL state of the incidents list (decision 147: whatever is in the address bar becomes a valid state).
import { INCIDENT_STATUSES, SEVERITIES, type IncidentListQuery, type IncidentStatus, type Severity } from './queries';

export interface IncidentsSearch {
  status?: IncidentStatus;
  severity?: Severity;
  /** An affected component's id. */
  component?: string;
  /** 1-based page. */
  page?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const INCIDENTS_PAGE_SIZE = 25;

export function parseIncidentsSearch(raw: Record<string, unknown>): IncidentsSearch {
  const out: IncidentsSearch = {};
  if (INCIDENT_STATUSES.includes(raw.status as IncidentStatus)) out.status = raw.status as IncidentStatus;
  if (SEVERITIES.includes(raw.severity as Severity)) out.severity = raw.severity as Severity;
  if (typeof raw.component === 'string' && UUID.test(raw.component)) out.component = raw.component.toLowerCase();
  const page =
    typeof raw.page === 'number'
      ? raw.page
      : typeof raw.page === 'string' && /^\d+$/.test(raw.page)
        ? Number(raw.page)
        : NaN;
  if (Number.isInteger(page) && page > 1 && page <= 1_000_000) out.page = page;
  return out;
}

/** GET /api/v1/incidents's query for a view of the list. */
export function incidentsQuery(s: IncidentsSearch): IncidentListQuery {
  return {
    status: s.status,
    severity: s.severity,
    componentId: s.component,
    skip: ((s.page ?? 1) - 1) * INCIDENTS_PAGE_SIZE,
    take: INCIDENTS_PAGE_SIZE,
  };
}
