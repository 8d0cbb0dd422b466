// The exemption dialog's dates: a day picked in the admin's time zone and the instant sent to the server.

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-mm-dd` (for `<input type="date">`) of the local day 30 days after `now`: the dialog's default. */
export function defaultExpiryDay(now: Date): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 30);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The chosen day is the last day the waiver holds: it ends at the end of that day in the admin's time
 * zone (decision 541). An empty or unreadable day is sent as typed, so the server's 400 names the field.
 */
export function expiryOf(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const end = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? day : end.toISOString();
}
