import { describe, expect, it } from 'vitest';
import { duration, parseDoraSearch, windowOf } from './dora-search';

describe('DORA page URL state', () => {
  const id = '0b598279-17e5-4927-af28-5565c183e552';
  it('keeps a scope only with its id, known windows and tabs, pages above 1', () => {
    expect(parseDoraSearch({ scope: 'team', id, days: '90', drill: 'failed', page: '3' })).toEqual({
      scope: 'team',
      id,
      days: 90,
      drill: 'failed',
      page: 3,
    });
    expect(parseDoraSearch({ scope: 'team' })).toEqual({
      scope: undefined,
      id: undefined,
      days: undefined,
      drill: undefined,
      page: undefined,
    });
    expect(parseDoraSearch({ scope: 'galaxy', id, days: 12, drill: 'x', page: '0' })).toEqual({
      scope: undefined,
      id: undefined,
      days: undefined,
      drill: undefined,
      page: undefined,
    });
    expect(parseDoraSearch({ days: 30 }).days).toBeUndefined();
  });
  it('windows of whole UTC days ending today', () => {
    expect(windowOf(30, new Date('2026-03-31T15:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(windowOf(1, new Date('2026-03-31T15:00:00Z'))).toEqual({ from: '2026-03-31', to: '2026-03-31' });
  });
  it('durations a person reads', () => {
    expect([null, 30, 720, 5400, 3 * 86_400].map(duration)).toEqual(['—', '30 s', '12 min', '1.5 h', '3.0 d']);
  });
});
