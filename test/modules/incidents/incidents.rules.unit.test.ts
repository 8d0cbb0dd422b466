import { describe, expect, it } from 'vitest';
import { TRANSITIONS, transitionProblem, uniqueIds } from '../../../src/modules/incidents/incidents.rules.js';
import { STATUSES } from '../../../src/modules/incidents/incidents.schemas.js';

describe('incident status table', () => {
  const allowed: Record<string, string[]> = {
    open: ['investigating', 'identified', 'resolved'],
    investigating: ['identified', 'resolved'],
    identified: ['resolved'],
    resolved: [],
  };
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const ok = allowed[from]!.includes(to);
      it(`${from} -> ${to}: ${ok ? 'allowed' : 'refused'}`, () => {
        expect(transitionProblem(from, to) === undefined).toBe(ok);
      });
    }
  }
  it('matches the exported table', () => expect(TRANSITIONS).toEqual(allowed));
  it('explains refusals', () => {
    expect(transitionProblem('open', 'open')).toMatch(/already open/);
    expect(transitionProblem('resolved', 'open')).toMatch(/no further/);
    expect(transitionProblem('identified', 'investigating')).toMatch(/allowed: resolved/);
  });
  it('dedupes ids case-insensitively, keeping order', () => {
    expect(uniqueIds(['B', 'a', 'b'])).toEqual(['b', 'a']);
    expect(uniqueIds(undefined)).toEqual([]);
  });
});
