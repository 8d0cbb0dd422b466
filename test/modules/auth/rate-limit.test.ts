import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT: 'on' });
});
afterAll(() => t.close());

describe('authentication rate limits (in-process counters)', () => {
  it.each([
    ['/api/v1/auth/register', 5, { username: 'rl', email: 'bad', password: 'x' }],
    ['/api/v1/auth/login', 5, { username: 'rl', password: 'Wrong-passw0rd' }],
    ['/api/v1/auth/refresh', 10, { username: 'rl', refreshToken: 'nope' }],
  ])('%s allows %i per minute per client, then 429 with Retry-After', async (url, limit, payload) => {
    const ip = `10.0.0.${limit}${url.length}`;
    for (let i = 0; i < limit; i++) {
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
      expect(res.statusCode).not.toBe(429);
    }
    const over = await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    const body = expectError(over, 429);
    expect(body.error).toBe('Too Many Requests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another client is not affected
    const other = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.9.9.9' });
    expect(other.statusCode).not.toBe(429);
  });

  it('does not limit other endpoints', async () => {
    for (let i = 0; i < 12; i++) expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});
