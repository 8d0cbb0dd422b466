import { Invalid } from './errors.js';

const UNIT_S: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Prometheus refuses range queries of more than 11,000 points per series. */
const MAX_POINTS = 11_000;

/**
 * The window of a metrics query: the meshes parse their `range` input into it, the metrics adapter
 * queries the store over it (decision 1052). The step rules keep within what Prometheus serves.
 */
export interface QueryWindow {
  /** Epoch seconds. */
  start: number;
  end: number;
  /** Seconds between points. */
  step: number;
  /** The `range` as given (`5m`, `1h`). */
  range: string;
}

/**
 * A metrics `range` (`<n>[smhd]`, decision 616) into a query window ending now. Steps: 15 s up to
 * 5 m, 60 s up to 1 h, 300 s up to 1 d, else 900 s. Anything else, or zero: 400. A range so long
 * that 900 s steps would exceed what Prometheus serves (11,000 points, i.e. beyond ~114 days) is
 * valid input: it gets the smallest step that fits (Prometheus would refuse it otherwise), and it
 * never reaches before 1970. The window is a whole number of steps ending now, so the latest point is now.
 */
export function queryWindow(range: string, now = Date.now()): QueryWindow {
  const m = /^([1-9][0-9]{0,6})([smhd])$/.exec(range);
  if (!m)
    throw new Invalid('range must be a whole number followed by s, m, h or d (e.g. 5m, 1h)', [
      { field: 'range', problem: 'expected <n>[smhd]' },
    ]);
  const end = Math.floor(now / 1000);
  const seconds = Math.min(Number(m[1]) * UNIT_S[m[2]!]!, end);
  let step = seconds <= 300 ? 15 : seconds <= 3600 ? 60 : seconds <= 86_400 ? 300 : 900;
  if (seconds / step > MAX_POINTS) step = Math.ceil(seconds / MAX_POINTS);
  // Points fall on start + k * step: a whole number of steps makes the last one `end` (now).
  const start = end - Math.floor(seconds / step) * step;
  return { start, end, step, range };
}
