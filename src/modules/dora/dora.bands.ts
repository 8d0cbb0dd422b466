/**
 * The performance bands of the current DORA report, the 2024 Accelerate State of DevOps Report
 * (dora.dev/research/2024/dora-report), per key (decision 565). The report gives four clusters:
 *
 * | cluster | deployment frequency | change lead time | change fail rate | recovery time |
 * |---|---|---|---|---|
 * | elite  | on demand (several a day)          | < 1 day         | 5%  | < 1 hour        |
 * | high   | once a day to once a week          | 1 day – 1 week  | 20% | < 1 day         |
 * | medium | once a week to once a month        | 1 week – 1 month| 10% | < 1 day         |
 * | low    | once a month to once in six months | 1 – 6 months    | 40% | 1 week – 1 month|
 *
 * A cluster is a profile, not a threshold per key, so each key gets the band whose range holds
 * the figure; where the report's values do not order (medium's fail rate is better than high's,
 * high and medium share "< 1 day" of recovery), the rules below say what Hangar does.
 */
export const BANDS = ['elite', 'high', 'medium', 'low'] as const;
export type Band = (typeof BANDS)[number];

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Deployments per day: ≥ 1 a day elite, ≥ 1 a week high, ≥ 1 a month (30 days) medium, less low. */
export function frequencyBand(perDay: number | null): Band | null {
  if (perDay === null) return null;
  if (perDay >= 1) return 'elite';
  if (perDay >= 1 / 7) return 'high';
  if (perDay >= 1 / 30) return 'medium';
  return 'low';
}

/** Median lead time in seconds: < 1 day elite, ≤ 1 week high, ≤ 30 days medium, longer low. */
export function leadTimeBand(seconds: number | null): Band | null {
  if (seconds === null) return null;
  if (seconds < DAY) return 'elite';
  if (seconds <= 7 * DAY) return 'high';
  if (seconds <= 30 * DAY) return 'medium';
  return 'low';
}

/**
 * Change fail rate (0–1): the cluster whose reported rate is nearest (elite 5%, medium 10%, high 20%,
 * low 40%), i.e. ≤ 7.5% elite, ≤ 15% medium, ≤ 30% high, above low. The report's medium cluster
 * fails less often than its high one; the band names the cluster, as the report does.
 */
export function failRateBand(rate: number | null): Band | null {
  if (rate === null) return null;
  if (rate <= 0.075) return 'elite';
  if (rate <= 0.15) return 'medium';
  if (rate <= 0.3) return 'high';
  return 'low';
}

/**
 * Median recovery time in seconds: < 1 hour elite, < 1 day high (the report's high and medium
 * share it; the better one is named), < 1 week medium (the report's gap between a day and a week),
 * longer low.
 */
export function recoveryBand(seconds: number | null): Band | null {
  if (seconds === null) return null;
  if (seconds < HOUR) return 'elite';
  if (seconds < DAY) return 'high';
  if (seconds < 7 * DAY) return 'medium';
  return 'low';
}

/** The overall band: the weakest of the keys that have a figure (null when none has). */
export function overallBand(bands: (Band | null)[]): Band | null {
  const known = bands.filter((b): b is Band => b !== null);
  if (known.length === 0) return null;
  return known.reduce((worst, b) => (BANDS.indexOf(b) > BANDS.indexOf(worst) ? b : worst));
}

/** The source of the thresholds, answered with every figure. */
export const BAND_SOURCE = '2024 Accelerate State of DevOps Report (dora.dev/research/2024/dora-report)';
