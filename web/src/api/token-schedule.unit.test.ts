import { describe, expect, it } from 'vitest';
import { MIN_DELAY_MS, REFRESH_LEAD_S, refreshDelayMs, tokenExpiry } from './token-schedule';

const jwt = (payload: object) =>
  `e30.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

describe('access token refresh scheduling', () => {
  it('reads exp from a JWT, base64url without padding', () => {
    expect(tokenExpiry(jwt({ sub: 'u', exp: 1_900_000_000, name: '~~~??>' }))).toBe(1_900_000_000);
    expect(tokenExpiry('not-a-jwt')).toBeUndefined();
    expect(tokenExpiry('a.!!!.c')).toBeUndefined();
    expect(tokenExpiry(jwt({ exp: 'soon' }))).toBeUndefined();
  });

  it('refreshes a lead before expiry', () => {
    const now = 1_000_000_000_000;
    const exp = now / 1000 + 900; // a 15-minute token
    expect(refreshDelayMs(exp, now, 900)).toBe((900 - REFRESH_LEAD_S) * 1000);
  });

  it('refreshes a short token at 80 % of its life', () => {
    const now = 1_000_000_000_000;
    expect(refreshDelayMs(now / 1000 + 100, now, 100)).toBe(80_000);
  });

  it('never schedules sooner than the minimum, even for an expired token or a skewed clock', () => {
    const now = 1_000_000_000_000;
    expect(refreshDelayMs(now / 1000 - 50, now)).toBe(MIN_DELAY_MS);
    expect(refreshDelayMs(now / 1000 + 30, now)).toBe(MIN_DELAY_MS);
  });
});
