// Dates, durations and numbers as every page shows them, in the reader's locale. A missing value
// (null, undefined, empty, not a finite number) is always MISSING, never "never", "0" or an Invalid Date
// (decision 942).
export const MISSING = '—';

type When = string | number | Date | null | undefined;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeUtc = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const shortDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
const number = new Intl.NumberFormat();

function toDate(value: When): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const formatWith = (format: Intl.DateTimeFormat) => (value: When) => {
  const date = toDate(value);
  return date ? format.format(date) : MISSING;
};

/** "Dec 2, 2026, 3:04 AM": a moment on a page. */
export const formatDateTime = formatWith(dateTime);
/** The same in UTC, for figures whose days are UTC days (the DORA drill-downs). */
export const formatDateTimeUtc = formatWith(dateTimeUtc);
/** "12/2/26, 3:04 AM": a moment inside a dense widget. */
export const formatShortDateTime = formatWith(shortDateTime);
/** "Dec 2, 2026": a day (expiry dates, link dates). */
export const formatDate = formatWith(dateOnly);

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** 1234 → "1,234". */
export const formatNumber = (value: number | null | undefined) => (finite(value) ? number.format(value) : MISSING);

/** 12.5 → "$12.50" (two decimals at most). */
export const formatMoney = (value: number | null | undefined, currency = 'USD') =>
  finite(value)
    ? new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 2 }).format(value)
    : MISSING;

/** 850 ms, 12.3 s, 4 min 05 s, 2 h 03 min. */
export function formatDuration(ms: number | null | undefined): string {
  if (!finite(ms) || ms < 0) return MISSING;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(Math.floor(s % 60)).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** 90 → "1 min 30 s", 7200 → "2 h", 90000 → "1 d 1 h": lead and recovery times. */
export function formatSeconds(total: number | null | undefined): string {
  if (!finite(total) || total < 0) return MISSING;
  const s = Math.round(total);
  if (s < 60) return `${s} s`;
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = d ? [`${d} d`, h && `${h} h`] : h ? [`${h} h`, m && `${m} min`] : [`${m} min`, s % 60 && `${s % 60} s`];
  return parts.filter(Boolean).join(' ');
}
