import { Invalid } from '../../kernel/errors.js';

const UNIT_S: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Prometheus refuses range queries of more than 11,000 points per series. */
const MAX_POINTS = 11_000;

export interface QueryWindow {
  /** Epoch seconds. */
  start: number;
  end: number;
  /** Seconds between points. */
  step: number;
  /** The PromQL range of `rate()` (e.g. `1m`): at least one step, at least a minute (four 15 s scrapes). */
  rateWindow: string;
  /** The `range` as given (`5m`, `1h`). */
  range: string;
}

/**
 * A metrics `range` (`<n>[smhd]`, DECISIONS.md) into a query window ending now. Steps: 15 s up to
 * 5 m, 60 s up to 1 h, 300 s up to 1 d, else 900 s. Anything else, zero, or more points than
 * Prometheus serves: 400.
 */
export function queryWindow(range: string, now = Date.now()): QueryWindow {
  const m = /^([1-9][0-9]{0,6})([smhd])$/.exec(range);
  if (!m) throw new Invalid('range must be a whole number followed by s, m, h or d (e.g. 5m, 1h)', [{ field: 'range', problem: 'expected <n>[smhd]' }]);
  const seconds = Number(m[1]) * UNIT_S[m[2]!]!;
  const step = seconds <= 300 ? 15 : seconds <= 3600 ? 60 : seconds <= 86_400 ? 300 : 900;
  if (seconds / step > MAX_POINTS)
    throw new Invalid(`range is too long: at most ${(MAX_POINTS * 900) / 86_400} days`, [{ field: 'range', problem: 'too long' }]);
  const end = Math.floor(now / 1000);
  return { start: end - seconds, end, step, rateWindow: `${Math.max(60, step)}s`, range };
}

/** A PromQL string literal (label values come from the caller). */
export const promString = (v: string) => JSON.stringify(v);
