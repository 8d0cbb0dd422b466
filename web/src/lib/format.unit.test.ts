import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatNumber,
  formatSeconds,
  MISSING,
} from './format';

describe('format', () => {
  it('gives one answer for every missing value', () => {
    for (const missing of [null, undefined, ''] as const) {
      expect(formatDateTime(missing)).toBe(MISSING);
      expect(formatDate(missing)).toBe(MISSING);
    }
    expect(formatDateTime('not a date')).toBe(MISSING);
    expect(formatNumber(Number.NaN)).toBe(MISSING);
    expect(formatMoney(undefined)).toBe(MISSING);
    expect(formatDuration(null)).toBe(MISSING);
    expect(formatSeconds(-1)).toBe(MISSING);
  });

  it('formats dates, numbers and money', () => {
    expect(formatDateTime('2026-01-02T03:04:00Z')).not.toBe(MISSING);
    expect(formatDate(Date.UTC(2026, 0, 2))).toContain('2026');
    expect(formatNumber(1234)).toBe((1234).toLocaleString());
    expect(formatMoney(12.5)).toContain('12.5');
  });

  it('formats durations in milliseconds and seconds', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(245_000)).toBe('4 min 05 s');
    expect(formatDuration(7_380_000)).toBe('2 h 03 min');
    expect(formatSeconds(90)).toBe('1 min 30 s');
    expect(formatSeconds(7200)).toBe('2 h');
    expect(formatSeconds(90_000)).toBe('1 d 1 h');
  });
});
