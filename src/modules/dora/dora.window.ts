import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { environmentsLookup } from '../environments/index.js';
import { teamsLookup } from '../teams/index.js';
import type { Slice } from './dora.slice.js';
import type { SliceQuery } from './dora.schemas.js';

export const DAY_MS = 86_400_000;
export const MAX_WINDOW_DAYS = 366;
const DEFAULT_WINDOW_DAYS = 30;

export const bad = (field: string, problem: string) => new Invalid(`${field}: ${problem}`, [{ field, problem }]);

/** `2026-01-31` (a whole UTC day) or an ISO 8601 date-time; `end` moves a bare date to the end of its day. */
function parseWhen(field: string, text: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const d = new Date(`${text}T00:00:00Z`);
    if (!Number.isNaN(d.getTime()) && d.toISOString().startsWith(text)) return end ? new Date(d.getTime() + DAY_MS) : d;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const d = new Date(text);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw bad(field, `"${text}" is not a date (2026-01-31) or a date-time (2026-01-31T12:00:00Z)`);
}

/** Validates the query into a slice behind the caller's organization wall; 404 for an unknown scope id. */
export async function sliceOf(db: Database, caller: Caller, q: SliceQuery): Promise<Slice> {
  const scope = q.scope ?? 'organization';
  if (scope === 'organization' && q.id)
    throw bad('id', 'is not used with scope=organization (the organization is X-Organization-Id)');
  if (scope !== 'organization' && !q.id) throw bad('id', `is required with scope=${scope} (the ${scope}'s id)`);
  const to = q.to ? parseWhen('to', q.to, true) : new Date();
  const from = q.from ? parseWhen('from', q.from, false) : new Date(to.getTime() - DEFAULT_WINDOW_DAYS * DAY_MS);
  if (from.getTime() >= to.getTime()) throw bad('from', 'must be before to');
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY_MS)
    throw bad('from', `the window may span at most ${MAX_WINDOW_DAYS} days`);
  const id = q.id?.toLowerCase();
  if (scope === 'component' && !(await catalogLookup.componentExists(db, id!)))
    throw new NotFound('Component not found');
  if (scope === 'team' && !(await teamsLookup.findTeam(db, id!))) throw new NotFound('Team not found');
  if (scope === 'environment' && !(await environmentsLookup.findEnvironment(db, id!)))
    throw new NotFound('Environment not found');
  return { organizationId: caller.organizationId, scope, id, from, to };
}
