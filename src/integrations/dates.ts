/**
 * An upstream timestamp as an ISO 8601 string, or null when there is none or it is not a date
 * (decision 516). Takes what the systems send: ISO or RFC 3339 text, `Date`s from the AWS and
 * Kubernetes SDKs, epoch milliseconds. Go's zero time (`0001-01-01T00:00:00Z`, Harbor's "never") is
 * null too. Never throws: `new Date('garbage').toISOString()` would, and answer 500.
 */
export function isoDate(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && value.startsWith('0001-01-01')) return null;
  const d = value instanceof Date ? value : new Date(value);
  const t = d.getTime();
  return Number.isNaN(t) ? null : d.toISOString();
}
