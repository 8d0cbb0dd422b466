import type { Database } from '../../db/client.js';
import type { Cache } from '../../infra/cache/cache.js';
import type { EventPublisher } from '../../infra/events.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { teamsLookup } from '../teams/index.js';
import { diffSpecs, type SpecDiffResult } from './api-specs.diff.js';
import { analyseSpec, parseSpec, type SpecFormat } from './api-specs.format.js';
import { apiSpecsRepository as repo, type ApiSpecRow, type ApiSpecSummaryRow } from './api-specs.repository.js';
import { MAX_SPEC_CHARS, type ConsumerBody, type CreateApiSpecBody, type SpecStatus, type UpdateApiSpecBody } from './api-specs.schemas.js';
import { uniqueViolationConstraint } from '../../kernel/db-errors.js';

declare module '../../infra/events.js' {
  interface EventMap {
    'api-spec:deprecated': { id: string; componentId: string; name: string; version: string; status: 'deprecated'; deprecatedAt: string };
  }
}

/** The status table of document 1; staying in the same status is allowed (only the dates change). */
const ALLOWED_MOVES: Record<SpecStatus, SpecStatus[]> = { active: ['deprecated'], deprecated: ['sunset'], sunset: [] };

export type ApiSpecSummary = Omit<ApiSpecSummaryRow, 'format' | 'status'> & { format: SpecFormat; status: SpecStatus };
export type ApiSpec = ApiSpecSummary & { spec: string };

// The columns are plain text; only this module writes them, with the enum values.
const summary = (row: ApiSpecSummaryRow) => row as ApiSpecSummary;

/** An ISO 8601 date or date-time (already pattern-checked) as a Date; no zone means UTC. */
function toDate(value: string | null, field: string): Date | null {
  if (value === null) return null;
  const invalid = () => new Invalid(`${field} is not a valid date`, [{ field, problem: 'is not a valid ISO 8601 date' }]);
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

export interface ApiSpecsServiceDeps {
  db: Database;
  events: EventPublisher;
  cache: Cache;
}

/**
 * A spec's content and format never change after upload (there is no endpoint to edit them), so
 * the diff of a pair is fixed: it is cached, and deleted specs are caught by the existence check.
 */
const DIFF_CACHE_NS = 'api-spec-diff';
const DIFF_CACHE_TTL_S = 3600;

export function createApiSpecsService({ db, events, cache }: ApiSpecsServiceDeps) {
  async function requireComponent(componentId: string) {
    const component = await catalogLookup.findComponent(db, componentId);
    if (!component) throw new NotFound('Component not found');
    return component;
  }

  async function requireSpec(id: string, label = 'API spec'): Promise<ApiSpecRow> {
    const spec = await repo.findById(db, id);
    if (!spec) throw new NotFound(`${label} not found`);
    return spec;
  }

  async function requireSpecExists(id: string) {
    if (!(await repo.exists(db, id))) throw new NotFound('API spec not found');
  }

  return {
    async create(componentId: string, body: CreateApiSpecBody): Promise<ApiSpecSummary> {
      await requireComponent(componentId);
      const text = typeof body.spec === 'string' ? body.spec : JSON.stringify(body.spec);
      if (text.length > MAX_SPEC_CHARS) throw new Invalid(`spec must be at most ${MAX_SPEC_CHARS} characters`, [{ field: 'spec', problem: 'too long' }]);
      const analysed = analyseSpec(text, body.format);
      if (!analysed.ok) throw new Invalid(analysed.problem, [{ field: analysed.field, problem: analysed.problem }]);
      const row = await repo.insert(db, { componentId, name: body.name, version: body.version, format: analysed.format, spec: text, status: 'active' });
      return summary(row);
    },

    async listForComponent(componentId: string): Promise<ApiSpecSummary[]> {
      await requireComponent(componentId);
      return (await repo.listByComponent(db, componentId)).map(summary);
    },

    async get(id: string): Promise<ApiSpec> {
      return (await requireSpec(id)) as ApiSpec;
    },

    async updateLifecycle(id: string, body: UpdateApiSpecBody) {
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
        let deprecatedAt = body.deprecatedAt === undefined ? current.deprecatedAt : toDate(body.deprecatedAt, 'deprecatedAt');
        let sunsetAt = body.sunsetAt === undefined ? current.sunsetAt : toDate(body.sunsetAt, 'sunsetAt');
        if (to !== from && to === 'deprecated' && !body.deprecatedAt) deprecatedAt = now;
        if (to !== from && to === 'sunset' && !body.sunsetAt) sunsetAt = now;
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
      return { id: row.id, status: row.status as SpecStatus, deprecatedAt: row.deprecatedAt, sunsetAt: row.sunsetAt, updatedAt: row.updatedAt };
    },

    async remove(id: string) {
      if (!(await repo.delete(db, id))) throw new NotFound('API spec not found');
    },

    /**
     * `id` is the NEW version, `compareWith` the OLD one it is compared with (issue 4): the diff
     * lists what the version `id` removed or added relative to `compareWith`.
     */
    async diff(id: string, compareWith: string): Promise<SpecDiffResult> {
      const [baseFormat, otherFormat] = await Promise.all([repo.findFormat(db, id), repo.findFormat(db, compareWith)]);
      if (!baseFormat) throw new NotFound('API spec not found');
      if (!otherFormat) throw new NotFound('API spec to compare with not found');
      if (baseFormat !== otherFormat) {
        throw new Invalid(`Cannot compare an ${baseFormat} spec with an ${otherFormat} spec`, [{ field: 'compareWith', problem: 'has another format' }]);
      }
      return cache.getOrLoad(DIFF_CACHE_NS, `${id}:${compareWith}`, DIFF_CACHE_TTL_S, async () => {
        const [newer, older] = await Promise.all([requireSpec(id), requireSpec(compareWith, 'API spec to compare with')]);
        const a = parseSpec(older.spec);
        const b = parseSpec(newer.spec);
        // Stored content was parsed at upload; a failure here means a parser change, not user error.
        if (!a.ok || !b.ok) throw new Invalid(`Stored spec can no longer be parsed: ${!a.ok ? a.problem : !b.ok ? b.problem : ''}`);
        return diffSpecs(baseFormat as SpecFormat, a.doc, b.doc);
      });
    },

    async addConsumer(apiSpecId: string, body: ConsumerBody) {
      // null counts as absent
      const consumerComponentId = body.consumerComponentId ?? undefined;
      const consumerTeamId = body.consumerTeamId ?? undefined;
      if (!consumerComponentId && !consumerTeamId) {
        throw new Invalid('consumerComponentId or consumerTeamId is required', [{ field: 'body', problem: 'needs consumerComponentId or consumerTeamId' }]);
      }
      await requireSpecExists(apiSpecId);
      if (consumerComponentId && !(await catalogLookup.componentExists(db, consumerComponentId))) throw new NotFound('Consumer component not found');
      if (consumerTeamId && !(await teamsLookup.findTeam(db, consumerTeamId))) throw new NotFound('Consumer team not found');
      const taken = await repo.existingConsumer(db, apiSpecId, consumerComponentId, consumerTeamId);
      if (taken.component) throw new Conflict('This component is already registered as a consumer of the spec');
      if (taken.team) throw new Conflict('This team is already registered as a consumer of the spec');
      try {
        return await repo.insertConsumer(db, { apiSpecId, consumerComponentId: consumerComponentId ?? null, consumerTeamId: consumerTeamId ?? null });
      } catch (err) {
        // A concurrent registration won the race between the check and the insert.
        const constraint = uniqueViolationConstraint(err);
        if (constraint === undefined) throw err;
        throw new Conflict(
          constraint.includes('team')
            ? 'This team is already registered as a consumer of the spec'
            : 'This component is already registered as a consumer of the spec',
        );
      }
    },

    async listConsumers(apiSpecId: string) {
      await requireSpecExists(apiSpecId);
      return repo.listConsumers(db, apiSpecId);
    },

    async removeConsumer(apiSpecId: string, consumerId: string) {
      await requireSpecExists(apiSpecId);
      if (!(await repo.deleteConsumer(db, apiSpecId, consumerId))) throw new NotFound('Consumer not found for this API spec');
    },

    async consumedBy(componentId: string): Promise<ApiSpecSummary[]> {
      const component = await requireComponent(componentId);
      return (await repo.listConsumedBy(db, componentId, component.teamId)).map(summary);
    },
  };
}

export type ApiSpecsService = ReturnType<typeof createApiSpecsService>;
