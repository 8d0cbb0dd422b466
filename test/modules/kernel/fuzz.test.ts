import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A small deterministic PRNG, so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

function randomValue(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * (depth > 3 ? 6 : 9));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return r() > 0.5;
    case 2:
      return Math.floor(r() * 2 ** 40) * (r() > 0.5 ? -1 : 1);
    case 3:
      return r() * 1e308;
    case 4:
      return 'x'.repeat(Math.floor(r() * 5000));
    case 5:
      return [
        '',
        '\u0000',
        "'; DROP TABLE users; --",
        '../../etc/passwd',
        '{{SERVICE_NAME}}',
        '💥'.repeat(100),
        '00000000-0000-0000-0000-000000000000',
      ][Math.floor(r() * 7)];
    case 6:
      return Array.from({ length: Math.floor(r() * 5) }, () => randomValue(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (const k of [
        'username',
        'email',
        'password',
        'displayName',
        'refreshToken',
        'roles',
        '__proto__',
        'constructor',
      ]) {
        if (r() > 0.4) o[k] = randomValue(r, depth + 1);
      }
      return o;
    }
  }
}

describe('100 malformed requests never produce a 500', () => {
  it('random JSON, wrong types, huge strings, broken bodies', async () => {
    const r = rng(42);
    const admin = await t.adminToken();
    const targets = [
      ['POST', '/api/v1/auth/register'],
      ['POST', '/api/v1/auth/login'],
      ['POST', '/api/v1/auth/refresh'],
      ['GET', '/api/v1/auth/users?skip=abc&take=-5'],
      ['PATCH', '/api/v1/auth/users/00000000-0000-4000-8000-000000000000/roles'],
    ] as const;
    const raw = ['{', '[1,2', 'null', '"str"', '{"a":}', '\u0000\u0001', '{"__proto__":{"admin":true}}', '1e999999'];
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const [method, url] = targets[i % targets.length]!;
      const useRaw = i % 4 === 0;
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', ...(i % 2 ? bearer(admin) : {}) },
        payload: useRaw ? raw[i % raw.length] : JSON.stringify(randomValue(r)),
      });
      statuses.push(res.statusCode);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      expect(res.body).not.toMatch(/argon2|password_hash|at .*\.ts:\d+|SELECT |INSERT /);
    }
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(50);
  });
});

describe('NUL characters', () => {
  it('are refused with 400 in bodies and query strings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"nul\\u0000user","email":"n@x.test","password":"Passw0rdN"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/NUL/);
    const q = await t.app.inject({
      method: 'GET',
      url: '/api/v1/catalog/components?teamId=%00',
      headers: bearer(await t.adminToken()),
    });
    expect(q.statusCode).toBe(400);
  });
});
