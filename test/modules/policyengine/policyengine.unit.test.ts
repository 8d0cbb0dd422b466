import { describe, expect, it } from 'vitest';
import { interpretDecision, normalisePolicyPath } from '../../../src/modules/policyengine/policyengine.decision.js';

describe('interpretDecision', () => {
  it.each([
    [true, { allowed: true, violations: [] }],
    [false, { allowed: false, violations: [] }],
    [{ allow: true }, { allowed: true, violations: [] }],
    [
      { allowed: false, violations: ['a', 'b'] },
      { allowed: false, violations: ['a', 'b'] },
    ],
    [
      { allow: false, deny: [{ msg: 'x' }, 'y'] },
      { allowed: false, violations: ['x', 'y'] },
    ],
    [{ violation: [{ msg: 'm', details: {} }] }, { allowed: false, violations: ['m'] }],
    [{ deny: [] }, { allowed: true, violations: [] }],
  ])('%j', (result, expected) => {
    expect(interpretDecision('p', true, result)).toEqual(expected);
  });
  it('undefined: not allowed, one violation naming the policy', () => {
    const d = interpretDecision('a/b', false, undefined);
    expect(d.allowed).toBe(false);
    expect(d.violations).toHaveLength(1);
    expect(d.violations[0]).toContain('a/b');
    expect(d.violations[0]).toContain('undefined');
  });
  it('normalises paths', () => {
    expect(normalisePolicyPath('hangar.deploy.allow')).toBe('hangar/deploy/allow');
    expect(normalisePolicyPath('/data/hangar/allow')).toBe('hangar/allow');
    expect(normalisePolicyPath('../etc')).toBeNull();
    expect(normalisePolicyPath('a//b')).toBeNull();
  });
});
