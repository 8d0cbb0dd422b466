import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { apiSpecsRepository as repo } from './api-specs.repository.js';
import type { SpecStatus, UpdateApiSpecBody } from './api-specs.schemas.js';

declare module '../../infra/events.js' {
  interface EventMap {
    'api-spec:deprecated': {
      id: string;
      componentId: string;
      name: string;
      version: string;
      status: 'deprecated';
      deprecatedAt: string;
    };
  }
}

/** The status table (decision 606); staying in the same status is allowed (only the dates change). */
const ALLOWED_MOVES: Record<SpecStatus, SpecStatus[]> = { active: ['deprecated'], deprecated: ['sunset'], sunset: [] };

/** An ISO 8601 date or date-time (already pattern-checked) as a Date; no zone means UTC. */
function toDate(value: string | null, field: string): Date | null {
  if (value === null) return null;
  const invalid = () =>
    new Invalid(`${field} is not a valid date`, [{ field, problem: 'is not a valid ISO 8601 date' }]);
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  // Date() would roll 2030-02-31 over to March: the calendar day must exist as written
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) throw invalid();
  let text = value.replace(' ', 'T');
  const zone = /([Zz]|[+-]\d{2}(:?\d{2})?)$/.exec(text.slice(10))?.[0];
  if (text.length > 10 && !zone) text += 'Z';
  else if (zone && /^[+-]\d{2}$/.test(zone)) text += ':00';
  else if (zone && /^[+-]\d{4}$/.test(zone)) text = `${text.slice(0, -2)}:${text.slice(-2)}`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw invalid();
  return date;
}

/** active -> deprecated -> sunset, with the dates; `api-spec:deprecated` after the commit. */
export function createLifecycle(db: Database, events: EventPublisher) {
  return {
    async update(_caller: Caller, id: string, body: UpdateApiSpecBody) {
      const result = await db.transaction(async (tx) => {
        const current = await repo.findForUpdate(tx, id);
        if (!current) throw new NotFound('API spec not found');
        const from = current.status as SpecStatus;
        const to = body.status ?? from;
        if (to !== from && !ALLOWED_MOVES[from].includes(to)) {
          const allowed = ALLOWED_MOVES[from];
          throw new Invalid(
            `Cannot move an API spec from '${from}' to '${to}'${allowed.length ? `; allowed: ${allowed.join(', ')}` : `; '${from}' is final`}`,
            [{ field: 'status', problem: `move from '${from}' to '${to}' is not allowed` }],
          );
        }
        const now = new Date();
        // undefined keeps the stored date, null clears it
        let deprecatedAt =
          body.deprecatedAt === undefined ? current.deprecatedAt : toDate(body.deprecatedAt, 'deprecatedAt');
        let sunsetAt = body.sunsetAt === undefined ? current.sunsetAt : toDate(body.sunsetAt, 'sunsetAt');
        if (to !== from && to === 'deprecated' && !body.deprecatedAt) deprecatedAt = now;
        // A sunset date planned earlier (stored while active or deprecated) stays; only a spec without one gets now.
        if (to !== from && to === 'sunset' && !body.sunsetAt && !sunsetAt) sunsetAt = now;
        const row = (await repo.updateLifecycle(tx, id, { status: to, deprecatedAt, sunsetAt }))!;
        return { row, deprecated: from === 'active' && to === 'deprecated' };
      });
      const { row } = result;
      // After the commit: clients never hear of a deprecation that was rolled back.
      if (result.deprecated) {
        events.emit('api-spec:deprecated', {
          id: row.id,
          componentId: row.componentId,
          name: row.name,
          version: row.version,
          status: 'deprecated',
          deprecatedAt: row.deprecatedAt!.toISOString(),
        });
      }
      return {
        id: row.id,
        status: row.status as SpecStatus,
        deprecatedAt: row.deprecatedAt,
        sunsetAt: row.sunsetAt,
        updatedAt: row.updatedAt,
      };
    },
  };
}
