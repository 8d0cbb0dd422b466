import type { Infrastructure } from '../../context.js';
import type { ScorecardCondition, ScorecardRule } from '../../db/schema/scorecards.js';
import type { AuditEntry } from '../../kernel/audit.js';
import type { Caller } from '../../kernel/caller.js';
import type { PermissionsService } from '../permissions/index.js';
import { Forbidden, Invalid, NotFound, type ErrorDetail } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import { catalogLookup, catalogScorecardLookup, type ScorecardSubject } from '../catalog/index.js';
import { organizationsLookup, resolveOrganizationContext } from '../organizations/index.js';
import { teamsLookup } from '../teams/index.js';
import { ensureAllBuiltins, ensureBuiltins } from './scorecards.builtin.js';
import { checkCondition, factsOf } from './scorecards.conditions.js';
import { sourceOf, type FactSource } from './scorecards.facts.js';
import { gatherFacts, type GatherDeps } from './scorecards.gather.js';
import { EVALUATE_SCORECARD_JOB, EVALUATION_BATCH } from './scorecards.job-names.js';
import { applies, compileScorecard, evaluate, type CompiledScorecard } from './scorecards.levels.js';
import { scorecardsRepository as repo, type ResultWrite, type ScorecardRow } from './scorecards.repository.js';
import type { CreateExemptionBody, CreateScorecardBody, ExemptionsQuery, HistoryQuery, ResultsQuery, UpdateScorecardBody } from './scorecards.schemas.js';

declare module '../../infra/events.js' {
  interface EventMap {
    /** An entity's level on a scorecard changed (not on its first evaluation); to the scorecard's organization. */
    'scorecard.level.changed': {
      scorecardId: string;
      scorecardName: string;
      componentId: string;
      componentRef: string;
      previousLevel: string | null;
      level: string | null;
      score: number;
    };
  }
}

export interface ScorecardsServiceDeps
  extends Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'>, Partial<Pick<Infrastructure, 'audit'>>, Omit<GatherDeps, 'db'> {
  /** The permission policy: maintainers of the owning team grant and withdraw exemptions (decision 951). */
  permissions: Pick<PermissionsService, 'require'>;
}

type RuleInput = CreateScorecardBody['rules'][number];

/** An exemption's audit record: granted fields appear as [null, value], withdrawn ones as [value, null]. */
function exemptionRecord(
  caller: Caller,
  card: ScorecardRow,
  e: { id: string; componentId: string; ruleKey: string; reason: string; expiresAt: Date },
  verb: 'grant' | 'withdraw',
): AuditEntry {
  const fields = { componentId: e.componentId, ruleKey: e.ruleKey, reason: e.reason, expiresAt: e.expiresAt.toISOString() };
  const changes = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, verb === 'grant' ? [null, v] : [v, null]])) as AuditEntry['changes'];
  return {
    caller,
    organizationId: card.organizationId ?? caller.organizationId,
    action: `scorecards.exemption.${verb}`,
    resource: { type: 'scorecard-exemption', id: e.id, ref: `${card.name}/${e.ruleKey}` },
    changes,
  };
}

/** Each rule with its defaults filled. */
const normaliseRules = (rules: RuleInput[]): ScorecardRule[] =>
  rules.map((r) => ({
    key: r.key,
    title: r.title?.trim() || r.key,
    level: r.level,
    weight: r.weight ?? 1,
    failureMessage: r.failureMessage ?? '',
    remediationUrl: r.remediationUrl ?? null,
    condition: r.condition as unknown as ScorecardCondition,
  }));

/** The semantic pass over a definition (decision 532): every problem at once, unknown names named. */
function checkDefinition(levels: { name: string }[], rules: ScorecardRule[]) {
  const problems: ErrorDetail[] = [];
  const names = new Set<string>();
  levels.forEach((l, i) => {
    if (names.has(l.name)) problems.push({ field: `levels.${i}.name`, problem: `level "${l.name}" is declared twice` });
    names.add(l.name);
  });
  const keys = new Set<string>();
  rules.forEach((r, i) => {
    if (keys.has(r.key)) problems.push({ field: `rules.${i}.key`, problem: `rule key "${r.key}" is declared twice` });
    keys.add(r.key);
    if (!names.has(r.level)) problems.push({ field: `rules.${i}.level`, problem: `unknown level "${r.level}" (levels: ${[...names].join(', ')})` });
    problems.push(...checkCondition(r.condition, `rules.${i}.condition`));
  });
  if (problems.length) {
    const shown = problems.slice(0, 5).map((p) => `${p.field}: ${p.problem}`);
    throw new Invalid(
      `The scorecard definition is invalid: ${shown.join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
      problems.slice(0, 50),
    );
  }
}

const view = (row: ScorecardRow) => ({
  id: row.id,
  organizationId: row.organizationId,
  name: row.name,
  description: row.description,
  filter: row.filter,
  levels: row.levels,
  rules: row.rules,
  builtIn: row.builtinKey !== null,
  lastEvaluatedAt: row.lastEvaluatedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const sameOutcome = (a: { levelIndex: number; score: number; rules: Record<string, string> }, b: ResultWrite) => {
  if (a.levelIndex !== b.levelIndex || a.score !== b.score) return false;
  const ka = Object.keys(a.rules);
  if (ka.length !== Object.keys(b.rules).length) return false;
  return ka.every((k) => a.rules[k] === b.rules[k]);
};

export function createScorecardsService(deps: ScorecardsServiceDeps) {
  const db = deps.db;
  const compiled = new Map<string, { version: number; card: CompiledScorecard; sources: Set<FactSource> }>();

  function compiledOf(row: ScorecardRow) {
    const version = row.updatedAt.getTime();
    const known = compiled.get(row.id);
    if (known && known.version === version) return known;
    const sources = new Set<FactSource>();
    for (const r of row.rules) for (const f of factsOf(r.condition)) sources.add(sourceOf(f));
    const entry = { version, card: compileScorecard(row.levels, row.rules), sources };
    compiled.set(row.id, entry);
    return entry;
  }

  /** A scorecard the caller may see (decision 538): its organization's members, global admins, or anyone when it has none. */
  async function visible(caller: Caller, id: string): Promise<ScorecardRow> {
    const row = await repo.find(db, id);
    if (!row) throw new NotFound('Scorecard not found');
    if (row.organizationId && !caller.actor.isAdmin && row.organizationId !== caller.organizationId) {
      try {
        await resolveOrganizationContext(db, caller.actor, row.organizationId);
      } catch (err) {
        if (err instanceof Forbidden) throw new NotFound('Scorecard not found');
        throw err;
      }
    }
    return row;
  }

  /** Writes to an organization's scorecard take a member of it (a global admin who is not one changes nothing: decision 603). */
  async function writable(caller: Caller, id: string): Promise<ScorecardRow> {
    const row = await visible(caller, id);
    if (
      row.organizationId &&
      caller.actor.kind === 'user' &&
      !(await organizationsLookup.organizationIdsOf(db, caller.actor.userId)).includes(row.organizationId)
    ) {
      throw new Forbidden('Only members of its organization may change this scorecard');
    }
    return row;
  }

  async function requireComponent(id: string) {
    if (!(await catalogLookup.componentExists(db, id))) throw new NotFound('Component not found');
  }

  /**
   * Evaluates `cards` over `subjects` (decision 534): one bulk read of facts, exemptions and current
   * results; changed results are written in one transaction (history entries beside them), then
   * `scorecard.level.changed` is emitted for each level that moved.
   */
  async function evaluateBatch(cards: ScorecardRow[], subjects: ScorecardSubject[], now: Date) {
    if (cards.length === 0 || subjects.length === 0) return { written: 0 };
    const prepared = cards.map((row) => ({ row, ...compiledOf(row) }));
    const sources = new Set<FactSource>();
    for (const p of prepared) for (const s of p.sources) sources.add(s);
    const ids = subjects.map((s) => s.id);
    const [facts, exemptions, current] = await Promise.all([
      gatherFacts({ db, apiSpecs: deps.apiSpecs, dora: deps.dora }, subjects, sources, now),
      repo.activeExemptions(db, ids, now),
      repo.currentResults(
        db,
        cards.map((c) => c.id),
        ids,
      ),
    ]);
    const currentByKey = new Map(current.map((r) => [`${r.scorecardId}:${r.componentId}`, r]));
    const writes: ResultWrite[] = [];
    const removals: { scorecardId: string; componentId: string }[] = [];
    const changes: { row: ScorecardRow; subject: ScorecardSubject; previous: string | null; next: ResultWrite }[] = [];
    for (const subject of subjects) {
      const f = facts.get(subject.id)!;
      for (const p of prepared) {
        const key = `${p.row.id}:${subject.id}`;
        const before = currentByKey.get(key);
        if (!applies(p.row.filter, subject)) {
          if (before) removals.push({ scorecardId: p.row.id, componentId: subject.id });
          continue;
        }
        const result = evaluate(p.card, f, exemptions.get(key));
        const write: ResultWrite = {
          scorecardId: p.row.id,
          componentId: subject.id,
          componentName: subject.name,
          componentRef: subject.ref,
          teamId: subject.teamId,
          ...result,
        };
        const same = before ? sameOutcome(before, write) : false;
        if (!same || before!.componentName !== subject.name || before!.teamId !== subject.teamId) writes.push(write);
        if (before && before.levelIndex !== write.levelIndex) changes.push({ row: p.row, subject, previous: before.level, next: write });
      }
    }
    let changed = new Set<string>();
    if (writes.length || removals.length) {
      changed = await db.transaction(async (tx) => {
        await repo.deleteResults(tx, removals);
        return repo.writeResults(tx, writes, now);
      });
    }
    // Only the changes this evaluation wrote: a racing evaluation of the same entity emits nothing twice.
    for (const c of changes.filter((x) => changed.has(`${x.row.id}:${x.subject.id}`))) {
      deps.events.emit(
        'scorecard.level.changed',
        {
          scorecardId: c.row.id,
          scorecardName: c.row.name,
          componentId: c.subject.id,
          componentRef: c.subject.ref,
          previousLevel: c.previous,
          level: c.next.level,
          score: c.next.score,
        },
        { organizationId: c.row.organizationId },
      );
    }
    return { written: writes.length };
  }

  /** Every entity in id order, a batch at a time, against `cards`. */
  async function evaluateOver(cards: ScorecardRow[], signal?: AbortSignal) {
    const startedAt = new Date();
    let afterId: string | undefined;
    let entities = 0;
    let written = 0;
    for (;;) {
      signal?.throwIfAborted();
      const subjects = await catalogScorecardLookup.subjects(db, { afterId, limit: EVALUATION_BATCH });
      if (subjects.length === 0) break;
      written += (await evaluateBatch(cards, subjects, new Date())).written;
      entities += subjects.length;
      afterId = subjects[subjects.length - 1]!.id;
      if (subjects.length < EVALUATION_BATCH) break;
    }
    await repo.markEvaluated(
      db,
      cards.map((c) => c.id),
      startedAt,
    );
    return { scorecards: cards.length, entities, written };
  }

  /** The levels and rules a write leaves, checked (decision 532): a 400 naming every problem. */
  function definitionOf(body: CreateScorecardBody | UpdateScorecardBody, current?: ScorecardRow) {
    const levels = body.levels ?? current!.levels;
    const rules = body.rules ? normaliseRules(body.rules) : current!.rules;
    checkDefinition(levels, rules);
    return { levels, rules };
  }

  const enqueueScorecard = (id: string) => deps.jobs.enqueue(EVALUATE_SCORECARD_JOB, { scorecardId: id });

  /** Every scorecard over the given entities: the event-driven re-evaluation. */
  async function evaluateEntities(componentIds: string[]) {
    const [cards, subjects] = await Promise.all([repo.all(db), catalogScorecardLookup.subjects(db, { ids: [...new Set(componentIds)] })]);
    return evaluateBatch(cards, subjects, new Date());
  }

  return {
    /** Every organization's built-in and the shared one (decisions 536, 560). */
    async seedBuiltins() {
      await ensureAllBuiltins(db);
    },

    async list(caller: Caller, q: PageQuery) {
      await ensureBuiltins(db, [caller.organizationId ?? null]);
      const { data, total } = await repo.list(db, caller.organizationId, q.skip, q.take);
      return pageOf(data.map(view), total, q);
    },

    async get(caller: Caller, id: string) {
      return view(await visible(caller, id));
    },

    /** Admins; in the current organization (X-Organization-Id), else of no organization. */
    async create(caller: Caller, body: CreateScorecardBody) {
      const { levels, rules } = definitionOf(body);
      const row = await repo.insert(db, {
        organizationId: caller.organizationId,
        name: body.name.trim(),
        description: body.description ?? '',
        filter: body.filter ?? {},
        levels,
        rules,
      });
      await enqueueScorecard(row.id);
      return view(row);
    },

    async update(caller: Caller, id: string, body: UpdateScorecardBody) {
      const current = await writable(caller, id);
      const { levels, rules } = definitionOf(body, current);
      const row = await repo.update(db, id, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.filter !== undefined ? { filter: body.filter } : {}),
        levels,
        rules,
        updatedAt: new Date(),
      });
      if (!row) throw new NotFound('Scorecard not found');
      await enqueueScorecard(row.id);
      return view(row);
    },

    /** Deleting the built-in resets it: it is created again, with its shipped definition, on the next read or evaluation. */
    async remove(caller: Caller, id: string) {
      await writable(caller, id);
      if (!(await repo.remove(db, id))) throw new NotFound('Scorecard not found');
    },

    async results(caller: Caller, id: string, q: ResultsQuery) {
      const row = await visible(caller, id);
      let levelIndex: number | undefined;
      if (q.level !== undefined) {
        levelIndex = q.level === 'none' ? -1 : row.levels.findIndex((l) => l.name === q.level);
        if (levelIndex === -1 && q.level !== 'none') {
          throw new Invalid(`level "${q.level}" is not a level of this scorecard (levels: ${row.levels.map((l) => l.name).join(', ')}, or none)`, [
            { field: 'level', problem: 'is not a level of this scorecard' },
          ]);
        }
      }
      const { data, total } = await repo.resultsPage(db, id, { teamId: q.teamId, levelIndex }, q.skip, q.take);
      return pageOf(data, total, q);
    },

    /** An entity's levels on every scorecard visible in the context, with each rule's outcome, failure message and remediation. */
    async entityResults(caller: Caller, componentId: string) {
      await requireComponent(componentId);
      const cards = await repo.visibleIds(db, caller.organizationId);
      const byId = new Map(cards.map((c) => [c.id, c]));
      const rows = await repo.resultsOfComponent(
        db,
        componentId,
        cards.map((c) => c.id),
      );
      return rows
        .map((r) => {
          const card = byId.get(r.scorecardId)!;
          return {
            scorecardId: card.id,
            scorecardName: card.name,
            levels: card.levels,
            level: r.level,
            levelIndex: r.levelIndex,
            score: r.score,
            changedAt: r.changedAt,
            evaluatedAt: card.lastEvaluatedAt,
            rules: card.rules
              .filter((rule) => r.rules[rule.key] !== undefined)
              .map((rule) => ({
                key: rule.key,
                title: rule.title,
                level: rule.level,
                weight: rule.weight,
                outcome: r.rules[rule.key]!,
                failureMessage: rule.failureMessage,
                remediationUrl: rule.remediationUrl,
              })),
          };
        })
        .sort((a, b) => a.scorecardName.localeCompare(b.scorecardName));
    },

    async entityHistory(caller: Caller, componentId: string, q: HistoryQuery) {
      await requireComponent(componentId);
      const ids = q.scorecardId ? [(await visible(caller, q.scorecardId)).id] : (await repo.visibleIds(db, caller.organizationId)).map((c) => c.id);
      const { data, total } = await repo.history(db, componentId, ids, q.skip, q.take);
      return pageOf(
        data.map((h) => ({ scorecardId: h.scorecardId, level: h.level, levelIndex: h.levelIndex, score: h.score, rules: h.rules, recordedAt: h.recordedAt })),
        total,
        q,
      );
    },

    async teamSummary(caller: Caller, teamId: string) {
      if (!(await teamsLookup.findTeam(db, teamId))) throw new NotFound('Team not found');
      const cards = await repo.visibleIds(db, caller.organizationId);
      const rows = await repo.teamSummary(
        db,
        teamId,
        cards.map((c) => c.id),
      );
      return {
        teamId,
        scorecards: cards.map((card) => {
          const mine = rows.filter((r) => r.scorecardId === card.id);
          const total = mine.reduce((a, r) => a + r.n, 0);
          const countAt = (i: number) => mine.find((r) => r.levelIndex === i)?.n ?? 0;
          return {
            scorecardId: card.id,
            name: card.name,
            total,
            averageScore: total ? Math.round((mine.reduce((a, r) => a + r.scoreSum, 0) / total) * 10) / 10 : null,
            levels: [{ name: null, colour: null, count: countAt(-1) }, ...card.levels.map((l, i) => ({ name: l.name, colour: l.colour, count: countAt(i) }))],
          };
        }),
      };
    },

    async createExemption(caller: Caller, id: string, body: CreateExemptionBody) {
      const card = await writable(caller, id);
      const expiresAt = new Date(body.expiresAt);
      if (!(expiresAt.getTime() > Date.now())) throw new Invalid('expiresAt must be in the future', [{ field: 'expiresAt', problem: 'must be in the future' }]);
      if (!card.rules.some((r) => r.key === body.ruleKey)) {
        throw new Invalid(`ruleKey "${body.ruleKey}" is not a rule of this scorecard`, [{ field: 'ruleKey', problem: 'is not a rule of this scorecard' }]);
      }
      if (!body.reason.trim()) throw new Invalid('reason is required', [{ field: 'reason', problem: 'must not be blank' }]);
      if (!(await catalogLookup.componentExists(db, body.componentId))) {
        throw new Invalid('componentId does not name an existing component', [{ field: 'componentId', problem: 'does not exist' }]);
      }
      await deps.permissions.require(caller, 'scorecard.exempt', body.componentId);
      // The grant and its audit record commit together (decisions 980, 1002).
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertExemption(tx, {
          scorecardId: id,
          componentId: body.componentId,
          ruleKey: body.ruleKey,
          reason: body.reason.trim(),
          expiresAt,
          createdBy: caller.actor.kind === 'user' ? caller.actor.userId : null,
        });
        await deps.audit?.record(tx, exemptionRecord(caller, card, inserted, 'grant'));
        return inserted;
      });
      await evaluateEntities([body.componentId]);
      return { ...row, active: true };
    },

    async listExemptions(caller: Caller, id: string, q: ExemptionsQuery) {
      await visible(caller, id);
      const now = Date.now();
      const { data, total } = await repo.listExemptions(db, id, q.skip, q.take, q.componentId);
      return pageOf(
        data.map((e) => ({ ...e, active: e.expiresAt.getTime() > now })),
        total,
        q,
      );
    },

    async removeExemption(caller: Caller, id: string, exemptionId: string) {
      const card = await writable(caller, id);
      const found = await repo.findExemption(db, id, exemptionId);
      if (!found) throw new NotFound('Exemption not found');
      await deps.permissions.require(caller, 'scorecard.exempt', found.componentId);
      const row = await db.transaction(async (tx) => {
        const removed = await repo.removeExemption(tx, id, exemptionId);
        if (!removed) throw new NotFound('Exemption not found');
        await deps.audit?.record(tx, exemptionRecord(caller, card, found, 'withdraw'));
        return removed;
      });
      await evaluateEntities([row.componentId]);
    },

    /** Queues an evaluation of one scorecard over every entity (admins). */
    async requestEvaluation(caller: Caller, id: string) {
      await visible(caller, id);
      await enqueueScorecard(id);
      return { queued: true };
    },

    /** Every scorecard over every entity: the scheduled job. Restores the built-ins first. */
    async evaluateAll(_caller: Caller, signal?: AbortSignal) {
      await ensureAllBuiltins(db);
      return evaluateOver(await repo.all(db), signal);
    },

    async evaluateScorecard(_caller: Caller, id: string, signal?: AbortSignal) {
      const row = await repo.find(db, id);
      if (!row) return { scorecards: 0, entities: 0, written: 0 };
      return evaluateOver([row], signal);
    },

    /** Every scorecard over the given entities: the event-driven re-evaluation. */
    async evaluateEntities(_caller: Caller, componentIds: string[]) {
      return evaluateEntities(componentIds);
    },
  };
}

export type ScorecardsService = ReturnType<typeof createScorecardsService>;
