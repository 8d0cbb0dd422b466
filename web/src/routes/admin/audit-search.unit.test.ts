import { describe, expect, it } from 'vitest';
import { parseAuditSearch } from './audit-search';

describe('parseAuditSearch', () => {
  it('keeps valid filters and drops unknown keys and bad values', () => {
    expect(
      parseAuditSearch({
        actor: ' ada ',
        action: 'catalog.',
        outcome: 'denied',
        from: '2026-01-01',
        to: 'yesterday',
        extra: 'x',
        resourceId: 7,
      }),
    ).toEqual({ actor: 'ada', action: 'catalog.', outcome: 'denied', from: '2026-01-01T00:00:00.000Z' });
  });
  it('refuses an unknown outcome and over-long text', () => {
    expect(parseAuditSearch({ outcome: 'maybe', actor: 'a'.repeat(201) })).toEqual({});
  });
});
