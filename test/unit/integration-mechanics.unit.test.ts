import { describe, expect, it } from 'vitest';
import { awsError } from '../../src/integrations/aws.js';
import { isoDate } from '../../src/integrations/dates.js';
import { collectPages } from '../../src/integrations/paging.js';

// The mechanics every adapter shares (decision 516).
describe('collectPages', () => {
  it('follows cursors until there is none, in order', async () => {
    const pages: Record<string, { items: number[]; next: string | null }> = {
      a: { items: [1, 2], next: 'b' },
      b: { items: [3], next: 'c' },
      c: { items: [], next: null },
    };
    const seen: string[] = [];
    const items = await collectPages('a', async (c: string) => (seen.push(c), pages[c]!), 10);
    expect(items).toEqual([1, 2, 3]);
    expect(seen).toEqual(['a', 'b', 'c']);
  });
  it('stops after maxPages even when the upstream pages forever; an empty or undefined cursor ends too', async () => {
    let calls = 0;
    expect(await collectPages(1, async (n) => (calls++, { items: [n], next: n + 1 }), 3)).toEqual([1, 2, 3]);
    expect(calls).toBe(3);
    expect(await collectPages('x', async () => ({ items: ['only'], next: '' }), 5)).toEqual(['only']);
    expect(await collectPages('x', async () => ({ items: ['only'], next: undefined }), 5)).toEqual(['only']);
  });
  it('a failing page fails the whole read', async () => {
    await expect(
      collectPages(
        1,
        async (n) => (n === 2 ? Promise.reject(new Error('upstream down')) : { items: [n], next: n + 1 }),
        5,
      ),
    ).rejects.toThrow('upstream down');
  });
});

describe('isoDate', () => {
  it('turns upstream timestamps into ISO strings; nothing, garbage and Go zero time are null', () => {
    expect(isoDate('2026-01-02T03:04:05Z')).toBe('2026-01-02T03:04:05.000Z');
    expect(isoDate('2026-01-02T03:04:05.123456789+02:00')).toBe('2026-01-02T01:04:05.123Z');
    expect(isoDate(new Date(Date.UTC(2026, 0, 2)))).toBe('2026-01-02T00:00:00.000Z');
    expect(isoDate(0)).toBe('1970-01-01T00:00:00.000Z');
    for (const none of [undefined, null, '', 'yesterday', 'not a date', new Date(NaN), '0001-01-01T00:00:00Z'])
      expect(isoDate(none), String(none)).toBeNull();
  });
});

describe('awsError', () => {
  const sdk = (name: string, httpStatusCode?: number) =>
    Object.assign(new Error('arn:aws:ecr:eu-west-1:123456789012:repository/secret'), {
      name,
      $metadata: { httpStatusCode },
    });
  const notFound = { names: new Set(['RepositoryNotFoundException']), what: 'repository' };
  it('maps SDK failures to the typed errors of the service, never quoting the upstream message', () => {
    const cases: [unknown, number, RegExp][] = [
      [sdk('RepositoryNotFoundException', 400), 404, /^Amazon ECR: repository not found$/],
      [sdk('AccessDeniedException', 400), 502, /refused the credential/],
      [sdk('UnrecognizedClientException', 400), 502, /refused the credential/],
      [sdk('ThrottlingException', 429), 502, /rejected the request \(HTTP 429\)/],
      [sdk('InternalServerException', 500), 503, /unavailable \(HTTP 500\)/],
      [sdk('CredentialsProviderError'), 502, /refused the credential \(HTTP 401\)/],
      [sdk('TimeoutError'), 503, /^Amazon ECR is unreachable$/],
      [new Error('socket hang up'), 503, /^Amazon ECR is unreachable$/],
    ];
    for (const [err, status, message] of cases) {
      const mapped = awsError('Amazon ECR', err, notFound) as Error & { statusCode: number };
      expect(mapped.statusCode, String((err as Error).name)).toBe(status);
      expect(mapped.message).toMatch(message);
      expect(mapped.message).not.toContain('arn:');
    }
    // Without not-found names (API Gateway), an SDK 404 is the generic not-found.
    expect(
      (awsError('Amazon API Gateway', sdk('NotFoundException', 404)) as Error & { statusCode: number }).statusCode,
    ).toBe(404);
  });
});
