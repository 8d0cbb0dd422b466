import type { ScorecardCondition, ScorecardRule } from '../../db/schema/scorecards.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound, type ErrorDetail } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import type { ScorecardAccess, ScorecardsServiceDeps } from './scorecards.access.js';
import { ensureAllBuiltins, ensureBuiltins } from './scorecards.builtin.js';
import { checkCondition } from './scorecards.conditions.js';
import type { ScorecardEvaluator } from './scorecards.evaluate.js';
import { scorecardsRepository as repo, type ScorecardRow } from './scorecards.repository.js';
import type { CreateScorecardBody, UpdateScorecardBody } from './scorecards.schemas.js';

type RuleInput = CreateScorecardBody['rules'][number];

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
    if (!names.has(r.level))
      problems.push({
        field: `rules.${i}.level`,
        problem: `unknown level "${r.level}" (levels: ${[...names].join(', ')})`,
      });
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

/** The levels and rules a write leaves, checked (decision 532): a 400 naming every problem. */
function definitionOf(body: CreateScorecardBody | UpdateScorecardBody, current?: ScorecardRow) {
  const levels = body.levels ?? current!.levels;
  const rules = body.rules ? normaliseRules(body.rules) : current!.rules;
  checkDefinition(levels, rules);
  return { levels, rules };
}

/** The definition verbs: list, read, create, change and delete scorecards. */
export function definitionVerbs(
  deps: ScorecardsServiceDeps,
  { visible, writable }: ScorecardAccess,
  { enqueueScorecard }: ScorecardEvaluator,
) {
  const db = deps.db;
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
  };
}
