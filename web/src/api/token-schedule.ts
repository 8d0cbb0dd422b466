// When to refresh the access token: pure functions, unit-tested (decision 144).

/** Seconds before expiry at which the token is refreshed; a short token refreshes at 80 % of its life instead. */
export const REFRESH_LEAD_S = 60;
/** Never schedule closer than this, so a clock skew cannot turn the refresh into a busy loop. */
export const MIN_DELAY_MS = 5_000;

/** The `exp` claim (seconds since the epoch) of a JWT, or undefined when it cannot be read. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds to wait before refreshing a token that expires at `expS` and was issued `lifetimeS` seconds
 * long: REFRESH_LEAD_S before expiry, or at 80 % of a lifetime shorter than five leads; never below MIN_DELAY_MS.
 */
export function refreshDelayMs(expS: number, nowMs: number, lifetimeS?: number): number {
  const lead = lifetimeS !== undefined && lifetimeS < REFRESH_LEAD_S * 5 ? lifetimeS * 0.2 : REFRESH_LEAD_S;
  return Math.max(MIN_DELAY_MS, Math.round(expS * 1000 - lead * 1000 - nowMs));
}
