import { describe, expect, it } from 'vitest';
import type { ScorecardCondition } from '../../../src/db/schema/scorecards.js';
import { checkCondition, compileCondition } from '../../../src/modules/scorecards/scorecards.conditions.js';
import type { Facts } from '../../../src/modules/scorecards/scorecards.facts.js';
import { applies, compileScorecard, evaluate } from '../../../src/modules/scorecards/scorecards.levels.js';

const facts: Facts = {
  'entity.name': 'payments-api',
  'entity.lifecycle': 'production',
  'entity.tags': ['pci', 'java'],
  'links.count': 2,
  'owner.set': true,
  'vulnerabilities.critical': 0,
  'deployments.daysSinceLast': null,
};
const run = (c: unknown) => compileCondition(c as ScorecardCondition)(facts);

describe('condition operators', () => {
  it.each([
    [{ fact: 'entity.lifecycle', operator: 'equals', value: 'production' }, 'pass'],
    [{ fact: 'entity.lifecycle', operator: 'equals', value: 'experimental' }, 'fail'],
    [{ fact: 'entity.lifecycle', operator: 'notEquals', value: 'experimental' }, 'pass'],
    [{ fact: 'owner.set', operator: 'equals', value: true }, 'pass'],
    [{ fact: 'links.count', operator: 'lessThan', value: 2 }, 'fail'],
    [{ fact: 'links.count', operator: 'lessThanOrEqual', value: 2 }, 'pass'],
    [{ fact: 'links.count', operator: 'greaterThan', value: 1 }, 'pass'],
    [{ fact: 'links.count', operator: 'greaterThanOrEqual', value: 3 }, 'fail'],
    [{ fact: 'entity.name', operator: 'exists' }, 'pass'],
    [{ fact: 'deployments.daysSinceLast', operator: 'exists' }, 'fail'],
    [{ fact: 'deployments.daysSinceLast', operator: 'notExists' }, 'pass'],
    [{ fact: 'entity.type', operator: 'notExists' }, 'pass'],
    [{ fact: 'entity.lifecycle', operator: 'in', value: ['production', 'deprecated'] }, 'pass'],
    [{ fact: 'entity.lifecycle', operator: 'notIn', value: ['production'] }, 'fail'],
    [{ fact: 'entity.tags', operator: 'contains', value: 'pci' }, 'pass'],
    [{ fact: 'entity.tags', operator: 'notContains', value: 'pci' }, 'fail'],
    [{ fact: 'entity.name', operator: 'matches', value: '^payments-' }, 'pass'],
    [{ fact: 'entity.name', operator: 'matches', value: '^orders-' }, 'fail'],
    [{ fact: 'entity.tags', operator: 'matches', value: '^ja' }, 'pass'],
    // A fact without a value: no data (never a silent pass or fail).
    [{ fact: 'deployments.daysSinceLast', operator: 'lessThan', value: 30 }, 'no_data'],
  ])('%j → %s', (c, outcome) => {
    expect(checkCondition(c, 'c')).toEqual([]);
    expect(run(c)).toBe(outcome);
  });

  it('all / any / not, with no data between pass and fail', () => {
    const pass = { fact: 'owner.set', operator: 'equals', value: true };
    const fail = { fact: 'links.count', operator: 'greaterThan', value: 5 };
    const none = { fact: 'deployments.daysSinceLast', operator: 'lessThan', value: 1 };
    expect(run({ all: [pass, pass] })).toBe('pass');
    expect(run({ all: [pass, none] })).toBe('no_data');
    expect(run({ all: [none, fail] })).toBe('fail');
    expect(run({ any: [fail, pass] })).toBe('pass');
    expect(run({ any: [fail, none] })).toBe('no_data');
    expect(run({ any: [fail, fail] })).toBe('fail');
    expect(run({ not: fail })).toBe('pass');
    expect(run({ not: none })).toBe('no_data');
  });

  it('RE2 semantics: a catastrophic pattern runs in linear time; lookaround is refused', () => {
    const c = { fact: 'entity.name', operator: 'matches', value: '^(a+)+$' };
    const started = Date.now();
    expect(compileCondition(c as ScorecardCondition)({ 'entity.name': 'a'.repeat(5000) + 'b' })).toBe('fail');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(checkCondition({ fact: 'entity.name', operator: 'matches', value: '(?=x)' }, 'c')[0]?.problem).toMatch(
      /regular expression/,
    );
  });
});

describe('condition checks', () => {
  it('names unknown facts and operators', () => {
    expect(
      checkCondition(
        {
          all: [
            { fact: 'nope.fact', operator: 'equals', value: 1 },
            { fact: 'links.count', operator: 'near', value: 1 },
          ],
        },
        'rules.0.condition',
      ),
    ).toEqual([
      { field: 'rules.0.condition.all.0.fact', problem: 'unknown fact "nope.fact"' },
      { field: 'rules.0.condition.all.1.operator', problem: expect.stringContaining('unknown operator "near"') },
    ]);
  });
  it('checks values against the fact type and operator, shapes and bounds', () => {
    expect(checkCondition({ fact: 'links.count', operator: 'lessThan', value: 'x' }, 'c')[0]?.problem).toBe(
      'lessThan needs a number',
    );
    expect(checkCondition({ fact: 'entity.name', operator: 'greaterThan', value: 1 }, 'c')[0]?.problem).toMatch(
      /compares numbers/,
    );
    expect(checkCondition({ fact: 'entity.tags', operator: 'equals', value: 'x' }, 'c')[0]?.problem).toMatch(
      /use contains/,
    );
    expect(checkCondition({ fact: 'entity.name', operator: 'in', value: [] }, 'c')[0]?.problem).toMatch(/list of 1/);
    expect(checkCondition({ fact: 'entity.name', operator: 'exists', value: 1 }, 'c')[0]?.problem).toBe(
      'exists takes no value',
    );
    expect(checkCondition({ all: [] }, 'c')[0]?.problem).toMatch(/must be/);
    expect(checkCondition({ fact: 'entity.name', operator: 'exists', extra: 1 }, 'c')[0]?.problem).toMatch(/must be/);
    let deep: unknown = { fact: 'entity.name', operator: 'exists' };
    for (let i = 0; i < 10; i++) deep = { not: deep };
    expect(checkCondition(deep, 'c').some((p) => /deeper than 8/.test(p.problem))).toBe(true);
    const wide = { any: Array.from({ length: 150 }, () => ({ fact: 'entity.name', operator: 'exists' })) };
    expect(checkCondition(wide, 'c')).toEqual([{ field: 'c', problem: 'has more than 100 nodes' }]);
  });
});

describe('levels and score', () => {
  const levels = [
    { name: 'Bronze', colour: '#000000' },
    { name: 'Silver', colour: '#111111' },
    { name: 'Gold', colour: '#222222' },
  ];
  const rule = (key: string, level: string, weight: number, fact: string) => ({
    key,
    title: key,
    level,
    weight,
    failureMessage: '',
    remediationUrl: null,
    condition: { fact, operator: 'equals', value: true } as ScorecardCondition,
  });
  const card = compileScorecard(levels, [
    rule('b1', 'Bronze', 3, 'owner.set'),
    rule('s1', 'Silver', 1, 'owner.resolvable'),
    rule('g1', 'Gold', 1, 'description.present'),
  ]);

  it('the highest level whose rules and all lower levels pass; the weighted share as score', () => {
    expect(
      evaluate(card, { 'owner.set': true, 'owner.resolvable': true, 'description.present': true }, undefined),
    ).toMatchObject({
      level: 'Gold',
      levelIndex: 2,
      score: 100,
    });
    expect(
      evaluate(card, { 'owner.set': true, 'owner.resolvable': true, 'description.present': false }, undefined),
    ).toMatchObject({
      level: 'Silver',
      score: 80,
    });
    // A passing Gold rule does not lift an entity whose Silver rule fails (lower-level gating).
    expect(
      evaluate(card, { 'owner.set': true, 'owner.resolvable': false, 'description.present': true }, undefined),
    ).toMatchObject({
      level: 'Bronze',
      levelIndex: 0,
      score: 80,
      rules: { b1: 'pass', s1: 'fail', g1: 'pass' },
    });
    expect(
      evaluate(card, { 'owner.set': false, 'owner.resolvable': true, 'description.present': true }, undefined),
    ).toMatchObject({
      level: null,
      levelIndex: -1,
      score: 40,
    });
    // No data fails the rule.
    expect(evaluate(card, { 'owner.set': true }, undefined)).toMatchObject({
      level: 'Bronze',
      score: 60,
      rules: { s1: 'no_data', g1: 'no_data' },
    });
  });
  it('an exempt rule counts as passing', () => {
    expect(
      evaluate(card, { 'owner.set': true, 'owner.resolvable': false, 'description.present': true }, new Set(['s1'])),
    ).toMatchObject({
      level: 'Gold',
      score: 100,
      rules: { s1: 'exempt' },
    });
  });
  it('a level without rules is reached when the levels below it are; no rules scores 100', () => {
    const two = compileScorecard(levels, [rule('b1', 'Bronze', 1, 'owner.set')]);
    expect(evaluate(two, { 'owner.set': true }, undefined)).toMatchObject({ level: 'Gold', score: 100 });
    expect(evaluate(compileScorecard(levels, []), {}, undefined)).toMatchObject({ level: 'Gold', score: 100 });
  });
  it('filters: kinds, types, owners, lifecycles, tags, systems', () => {
    const e = {
      kind: 'service',
      entityKind: 'Component',
      type: 'service',
      owner: 'team-a',
      ownerRef: 'group:default/team-a',
      lifecycle: 'production',
      tags: ['pci'],
      system: 'pay',
      systemRef: 'system:default/pay',
    };
    expect(applies({}, e)).toBe(true);
    expect(
      applies(
        {
          kinds: ['component'],
          owners: ['group:default/team-a'],
          systems: ['pay'],
          tags: ['x', 'pci'],
          lifecycles: ['production'],
          types: ['service'],
        },
        e,
      ),
    ).toBe(true);
    expect(applies({ kinds: ['API'] }, e)).toBe(false);
    expect(applies({ lifecycles: ['experimental'] }, e)).toBe(false);
    expect(applies({ tags: ['x'] }, e)).toBe(false);
    expect(applies({ owners: ['team-b'] }, e)).toBe(false);
  });
});
