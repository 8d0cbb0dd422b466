import { describe, expect, it } from 'vitest';
import { nextLink, sameOriginLink } from '../../src/integrations/link-header.js';
import { rateLimitWait } from '../../src/integrations/polite-http.js';

const h = (o: Record<string, string>) => new Headers(o);
const NOW = 1_700_000_000_000;

describe('rate limits (decision 1012)', () => {
  it('waits Retry-After on a 429 or a secondary-limit 403', () => {
    expect(rateLimitWait(429, h({ 'retry-after': '7' }), '', 'x-ratelimit-remaining', 'x-ratelimit-reset', NOW)).toBe(
      7000,
    );
    expect(
      rateLimitWait(
        403,
        h({ 'retry-after': '2' }),
        '{"message":"You have exceeded a secondary rate limit"}',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        NOW,
      ),
    ).toBe(2000);
  });

  it('waits until the reset when the budget is spent, and a minute when nothing says how long', () => {
    const reset = String(NOW / 1000 + 30);
    expect(
      rateLimitWait(
        403,
        h({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }),
        '',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        NOW,
      ),
    ).toBe(31_000);
    expect(rateLimitWait(403, h({}), 'secondary rate limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', NOW)).toBe(
      60_000,
    );
  });

  it('does not take a plain 403 or a success for a limit', () => {
    expect(
      rateLimitWait(
        403,
        h({ 'x-ratelimit-remaining': '4999' }),
        '{"message":"Resource not accessible by integration"}',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        NOW,
      ),
    ).toBeNull();
    expect(
      rateLimitWait(200, h({ 'x-ratelimit-remaining': '0' }), '', 'x-ratelimit-remaining', 'x-ratelimit-reset', NOW),
    ).toBeNull();
  });
});

describe('Link paging', () => {
  it('reads rel="next" among other relations, and follows it only on the same origin', () => {
    const link =
      '<https://api.github.com/organizations/1/repos?page=3>; rel="next", <https://api.github.com/organizations/1/repos?page=9>; rel="last"';
    expect(nextLink(link)).toBe('https://api.github.com/organizations/1/repos?page=3');
    expect(nextLink('<https://x/?page=1>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
    expect(sameOriginLink('https://evil.example/repos?page=2', 'https://api.github.com')).toBeNull();
    expect(sameOriginLink('/api/v4/groups/1/projects?page=2', 'https://gitlab.com/api/v4')).toBe(
      'https://gitlab.com/api/v4/groups/1/projects?page=2',
    );
  });
});
