import { describe, expect, it } from 'vitest';
import { defaultExpiryDay, expiryOf } from './exemption-dates';

describe('exemption dates', () => {
  it('ends the waiver at the end of the chosen local day', () => {
    const end = new Date(expiryOf('2030-03-31'));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2030, 2, 31, 23, 59,
    ]);
  });

  it('passes an empty or malformed day through for the server to name', () => {
    expect(expiryOf('')).toBe('');
    expect(expiryOf('31/03/2030')).toBe('31/03/2030');
    expect(expiryOf('2030-02-31x')).toBe('2030-02-31x');
  });

  it('defaults to the local day 30 days ahead, across month and year ends', () => {
    expect(defaultExpiryDay(new Date(2029, 11, 15, 22, 0))).toBe('2030-01-14');
    expect(defaultExpiryDay(new Date(2030, 0, 31, 0, 5))).toBe('2030-03-02');
  });
});
