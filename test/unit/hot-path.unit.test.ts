import { afterEach, describe, expect, it, vi } from 'vitest';
import { securityHeadersHook, staticSecurityHeaders } from '../../src/kernel/security-headers.js';
import { pageMemo } from '../../src/kernel/pagination.js';
import { AccessTokens } from '../../src/modules/auth/tokens.js';

const SECRET = 'unit-secret-that-is-long-enough-for-hs256-0123456789';

describe('access tokens: verified tokens are remembered until they expire', () => {
  afterEach(() => vi.useRealTimers());

  it('a remembered token stops working at its exp', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign({ id: 'u1', username: 'u', roles: [] });
    expect(await tokens.verify(token)).toBe('u1');
    expect(await tokens.verify(token)).toBe('u1');
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a changed byte is verified afresh and refused; so is a token of another secret', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign({ id: 'u1', username: 'u', roles: [] });
    expect(await tokens.verify(token)).toBe('u1');
    // Change the signature's first character: the last one also carries base64url padding bits, so
    // swapping it (A <-> B) can decode to the same bytes and leave the signature valid.
    const at = token.lastIndexOf('.') + 1;
    const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await tokens.verify(changed)).toBeNull();
    const other = await new AccessTokens(SECRET + 'x', 60).sign({ id: 'u1', username: 'u', roles: [] });
    expect(await tokens.verify(other)).toBeNull();
  });
});

describe('security headers', () => {
  it("are helmet's defaults, worked out once, without HSTS or upgrade-insecure-requests", () => {
    const headers = staticSecurityHeaders({
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
      hsts: false,
    });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS only to requests that came over HTTPS', () => {
    const hook = securityHeadersHook({ directives: { upgradeInsecureRequests: null } });
    const sent = (protocol: string) => {
      const out: Record<string, string> = {};
      const reply = {
        headers: (v: Record<string, string>) => Object.assign(out, v),
        header: (k: string, v: string) => (out[k] = v),
      };
      hook({ id: 'r1', protocol }, reply, () => undefined);
      return out;
    };
    expect(sent('https')['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(sent('http')['strict-transport-security']).toBeUndefined();
    expect(sent('http')['x-request-id']).toBe('r1');
  });
});

describe('pageMemo', () => {
  it('keeps the page object while rows and total are the same, and builds a new one otherwise', () => {
    const same = pageMemo<{ id: number }>();
    const rows = [{ id: 1 }];
    const a = same(rows, 1, { skip: 0, take: 20 });
    expect(same(rows, 1, { skip: 0, take: 20 })).toBe(a);
    expect(same(rows, 2, { skip: 0, take: 20 })).not.toBe(a);
    expect(same([{ id: 1 }], 2, { skip: 0, take: 20 }).total).toBe(2);
  });
});
