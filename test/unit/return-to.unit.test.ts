import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../../src/modules/auth/oidc.service.js';

describe('returnTo (decision 831)', () => {
  it.each([
    ['/catalog', '/catalog'],
    ['/catalog?kind=service#top', '/catalog?kind=service#top'],
    ['/a/../b', '/b'],
    ['//evil.example', '/'],
    ['//evil.example/path', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\tevil', '/'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['', '/'],
    [undefined, '/'],
    [['/a', '/b'], '/'],
  ])('%j → %j', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});
