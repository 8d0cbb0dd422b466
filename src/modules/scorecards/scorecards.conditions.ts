import { RE2JS } from 're2js';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { ErrorDetail } from '../../kernel/errors.js';
import type { ScorecardCondition } from '../../db/schema/scorecards.js';
import { FACTS, isFact, type FactName, type Facts, type FactValue } from './scorecards.facts.js';

/**
 * The rule condition language (decision 532): typed JSON, `all`/`any`/`not` over leaves
 * `{fact, operator, value}`. Checked once when a scorecard is written (shape by TypeBox, then facts,
 * operators, values and bounds), so evaluation never meets an unknown name.
 */
export const OPERATORS = [
  'equals',
  'notEquals',
  'lessThan',
  'lessThanOrEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'exists',
  'notExists',
  'in',
  'notIn',
  'contains',
  'notContains',
  'matches',
] as const;
export type Operator = (typeof OPERATORS)[number];
const isOperator = (op: string): op is Operator => (OPERATORS as readonly string[]).includes(op);

/** Bounds of one condition: nesting, nodes, list and pattern sizes. */
export const LIMITS = { depth: 8, nodes: 100, listItems: 200, patternLength: 500 } as const;

const Scalar = Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean()]);
const Leaf = Type.Object(
  {
    fact: Type.String({ minLength: 1, maxLength: 200 }),
    operator: Type.String({ minLength: 1, maxLength: 50 }),
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
const Group = (key: string) =>
  Type.Object({ [key]: Type.Array(Type.Unknown(), { minItems: 1 }) }, { additionalProperties: false });
const AllNode = Group('all');
const AnyNode = Group('any');
const NotNode = Type.Object({ not: Type.Unknown() }, { additionalProperties: false });

/** A compiled condition: pure, evaluated against one entity's facts. */
export type Outcome = 'pass' | 'fail' | 'no_data';
type Compiled = (facts: Facts) => Outcome;

const NUMERIC = new Set<Operator>(['lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual']);

/**
 * Checks a condition; answers the problems found (empty: valid), each naming the field
 * (`rules.2.condition.all.0.fact`) and what is wrong, unknown facts and operators by name.
 */
export function checkCondition(condition: unknown, field: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  let nodes = 0;
  const walk = (node: unknown, path: string, depth: number) => {
    if (++nodes > LIMITS.nodes) {
      if (nodes === LIMITS.nodes + 1) problems.push({ field, problem: `has more than ${LIMITS.nodes} nodes` });
      return;
    }
    if (depth > LIMITS.depth) {
      problems.push({ field: path, problem: `nests deeper than ${LIMITS.depth} levels` });
      return;
    }
    if (Value.Check(AllNode, node) || Value.Check(AnyNode, node)) {
      const key = 'all' in (node as object) ? 'all' : 'any';
      (node as Record<string, unknown[]>)[key]!.forEach((child, i) => walk(child, `${path}.${key}.${i}`, depth + 1));
      return;
    }
    if (Value.Check(NotNode, node)) {
      walk((node as { not: unknown }).not, `${path}.not`, depth + 1);
      return;
    }
    if (!Value.Check(Leaf, node)) {
      problems.push({
        field: path,
        problem: 'must be {all: [...]}, {any: [...]}, {not: {...}} or {fact, operator, value}',
      });
      return;
    }
    const { fact, operator, value } = node as { fact: string; operator: string; value?: unknown };
    const factOk = isFact(fact);
    if (!factOk) problems.push({ field: `${path}.fact`, problem: `unknown fact "${fact}"` });
    if (!isOperator(operator)) {
      problems.push({
        field: `${path}.operator`,
        problem: `unknown operator "${operator}" (known: ${OPERATORS.join(', ')})`,
      });
      return;
    }
    if (!factOk) return;
    const problem = valueProblem(FACTS[fact].type, operator, value);
    if (problem) problems.push({ field: `${path}.value`, problem });
  };
  walk(condition, field, 1);
  return problems;
}

function valueProblem(type: (typeof FACTS)[FactName]['type'], op: Operator, value: unknown): string | undefined {
  if (op === 'exists' || op === 'notExists') return value === undefined ? undefined : `${op} takes no value`;
  if (value === undefined) return `${op} needs a value`;
  if (NUMERIC.has(op)) {
    if (type !== 'number')
      return `${op} compares numbers; this fact is ${type === 'strings' ? 'a list of strings' : `a ${type}`}`;
    return typeof value === 'number' && Number.isFinite(value) ? undefined : `${op} needs a number`;
  }
  if (op === 'equals' || op === 'notEquals') {
    if (type === 'strings') return `${op} does not apply to a list; use contains`;
    return typeof value === type ? undefined : `${op} needs a ${type} for this fact`;
  }
  if (op === 'in' || op === 'notIn') {
    if (type === 'strings') return `${op} does not apply to a list; use contains`;
    if (!Array.isArray(value) || value.length === 0 || value.length > LIMITS.listItems)
      return `${op} needs a list of 1 to ${LIMITS.listItems} values`;
    return value.every((v) => Value.Check(Scalar, v) && typeof v === type)
      ? undefined
      : `${op} needs ${type} values for this fact`;
  }
  if (op === 'contains' || op === 'notContains') {
    if (type !== 'strings') return `${op} applies to lists (entity.tags, apiSpecs.lifecycles)`;
    return typeof value === 'string' ? undefined : `${op} needs a string`;
  }
  // matches
  if (type !== 'string' && type !== 'strings') return 'matches applies to text facts';
  if (typeof value !== 'string' || value.length > LIMITS.patternLength)
    return `matches needs a pattern of at most ${LIMITS.patternLength} characters`;
  try {
    RE2JS.compile(value);
  } catch {
    return 'is not a valid regular expression (RE2 syntax: no backreferences or lookaround)';
  }
  return undefined;
}

const isNothing = (v: FactValue | undefined): v is null | undefined => v === null || v === undefined;

function leaf(fact: FactName, op: Operator, value: unknown): Compiled {
  if (op === 'exists') return (f) => (isNothing(f[fact]) ? 'fail' : 'pass');
  if (op === 'notExists') return (f) => (isNothing(f[fact]) ? 'pass' : 'fail');
  const test = predicate(op, value);
  return (f) => {
    const v = f[fact];
    if (isNothing(v)) return 'no_data';
    return test(v) ? 'pass' : 'fail';
  };
}

function predicate(
  op: Exclude<Operator, 'exists' | 'notExists'>,
  value: unknown,
): (v: NonNullable<FactValue>) => boolean {
  switch (op) {
    case 'equals':
      return (v) => v === value;
    case 'notEquals':
      return (v) => v !== value;
    case 'lessThan':
      return (v) => (v as number) < (value as number);
    case 'lessThanOrEqual':
      return (v) => (v as number) <= (value as number);
    case 'greaterThan':
      return (v) => (v as number) > (value as number);
    case 'greaterThanOrEqual':
      return (v) => (v as number) >= (value as number);
    case 'in': {
      const set = new Set(value as unknown[]);
      return (v) => set.has(v);
    }
    case 'notIn': {
      const set = new Set(value as unknown[]);
      return (v) => !set.has(v);
    }
    case 'contains':
      return (v) => (v as string[]).includes(value as string);
    case 'notContains':
      return (v) => !(v as string[]).includes(value as string);
    case 'matches': {
      // RE2 semantics: linear time in the input whatever the pattern (decision 532).
      const re = RE2JS.compile(value as string);
      // `test` finds a match anywhere (as `matcher().find()`), three times faster.
      return (v) => (Array.isArray(v) ? v.some((s) => re.test(s)) : re.test(String(v)));
    }
  }
}

/** Compiles a checked condition. `all`: fail wins over no data; `any`: pass wins over no data; `not` keeps no data. */
export function compileCondition(c: ScorecardCondition): Compiled {
  if ('all' in c) {
    const parts = c.all.map(compileCondition);
    return (f) => {
      let missing = false;
      for (const p of parts) {
        const o = p(f);
        if (o === 'fail') return 'fail';
        if (o === 'no_data') missing = true;
      }
      return missing ? 'no_data' : 'pass';
    };
  }
  if ('any' in c) {
    const parts = c.any.map(compileCondition);
    return (f) => {
      let missing = false;
      for (const p of parts) {
        const o = p(f);
        if (o === 'pass') return 'pass';
        if (o === 'no_data') missing = true;
      }
      return missing ? 'no_data' : 'fail';
    };
  }
  if ('not' in c) {
    const inner = compileCondition(c.not);
    return (f) => {
      const o = inner(f);
      return o === 'no_data' ? o : o === 'pass' ? 'fail' : 'pass';
    };
  }
  return leaf(c.fact as FactName, c.operator as Operator, c.value);
}

/** The facts a condition reads. */
export function factsOf(c: ScorecardCondition, into = new Set<FactName>()): Set<FactName> {
  if ('all' in c) c.all.forEach((x) => factsOf(x, into));
  else if ('any' in c) c.any.forEach((x) => factsOf(x, into));
  else if ('not' in c) factsOf(c.not, into);
  else into.add(c.fact as FactName);
  return into;
}
