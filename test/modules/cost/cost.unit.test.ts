import { describe, expect, it } from 'vitest';
import { aggregateOf, budgetOf } from '../../../src/modules/cost/cost.aggregate.js';

describe('cost aggregation key', () => {
  it.each([
    [{}, { aggregate: 'label:app', key: 'svc' }],
    [{ 'hangar.io/cost-aggregate': 'namespace:shop' }, { aggregate: 'namespace', key: 'shop' }],
    [{ 'hangar.io/cost-aggregate': 'namespace' }, { aggregate: 'namespace', key: 'svc' }],
    [{ 'hangar.io/cost-aggregate': 'label:team:payments' }, { aggregate: 'label:team', key: 'payments' }],
    [{ 'hangar.io/cost-aggregate': 'label:team' }, { aggregate: 'label:team', key: 'svc' }],
  ])('%j', (annotations, expected) => {
    expect(aggregateOf({ name: 'svc', annotations })).toEqual(expected);
  });
  it('budget', () => {
    expect(budgetOf({ 'hangar.io/budget-usd': '250.5' })).toBe(250.5);
    expect(budgetOf({ 'hangar.io/budget-usd': 'lots' })).toBeNull();
    expect(budgetOf({})).toBeNull();
  });
});
