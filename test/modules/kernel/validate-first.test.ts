import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

// No integration is configured here (no registry, cluster, metrics store, gateway…): every list
// must still refuse a malformed paging value with 400 before it finds out (decision 405).
let t: TestApp;
let admin: Record<string, string>;
let gets: { path: string; url: string; pages: boolean; pageNumbers: boolean }[];
beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await t.adminToken());
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  gets = Object.entries<any>(doc.paths)
    .filter(([, item]) => item.get)
    .map(([path, item]) => {
      const params = (item.get.parameters ?? []) as { in: string; name: string; schema?: { format?: string } }[];
      // Path parameters get well-formed values, so only the paging value can be wrong.
      const url = path.replace(/\{(\w+)\}/g, (_m, name) => {
        const p = params.find((x) => x.in === 'path' && x.name === name);
        return p?.schema?.format === 'uuid' ? randomUUID() : 'x';
      });
      const query = params.filter((p) => p.in === 'query').map((p) => p.name);
      return {
        path,
        url,
        pages: query.includes('take'),
        pageNumbers: query.includes('page') || query.includes('limit'),
      };
    });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

describe('paging values are validated before anything else', () => {
  it('GET /api/v1/registry/repositories?take=abc is a 400 while no registry is configured', async () => {
    expect((await get('/api/v1/registry/repositories')).statusCode).toBe(503);
    const body = expectError(await get('/api/v1/registry/repositories?take=abc'), 400);
    expect(body.message).toBe('take must be an integer from 1 to 100');
    expect(body.details).toEqual([{ field: 'take', problem: 'must be an integer from 1 to 100' }]);
  });

  it.each([['take=abc'], ['take=0'], ['take=101'], ['take=1.5'], ['skip=-1'], ['skip=x'], ['take=']])(
    'every GET route answers 400 for %s',
    async (query) => {
      const wrong: string[] = [];
      for (const route of gets) {
        if (route.path.startsWith('/health') || route.path.startsWith('/metrics') || route.path.startsWith('/api/docs'))
          continue;
        const res = await get(`${route.url}?${query}`);
        if (res.statusCode !== 400) wrong.push(`${res.statusCode} ${route.path}${route.pages ? ' (paged)' : ''}`);
        else expectError(res, 400);
      }
      expect(wrong).toEqual([]);
    },
  );

  // The page/limit convention (gateway routes, pipelines, IaC runs, CI builds, cost summaries) is
  // checked the same way, whether the route declares it or not (decision 815).
  it.each([['page=0'], ['page=abc'], ['limit=100000'], ['limit=0'], ['page=1.5']])(
    'every GET route answers 400 for %s',
    async (query) => {
      const wrong: string[] = [];
      for (const route of gets) {
        if (route.path.startsWith('/health') || route.path.startsWith('/metrics') || route.path.startsWith('/api/docs'))
          continue;
        const res = await get(`${route.url}?${query}`);
        if (res.statusCode !== 400)
          wrong.push(`${res.statusCode} ${route.path}${route.pageNumbers ? ' (page/limit)' : ''}`);
        else expectError(res, 400);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('routes that declare page or limit are in the sweep', () => {
    expect(gets.filter((g) => g.pageNumbers).map((g) => g.path)).toEqual(
      expect.arrayContaining(['/api/v1/gateway/routes', '/api/v1/pipelines']),
    );
  });

  it('GET /api/v1/registry/repositories?page=0 and ?limit=100000 are 400s while no registry is configured', async () => {
    expect(expectError(await get('/api/v1/registry/repositories?page=0'), 400).message).toBe(
      'page must be an integer from 1 to 1000000',
    );
    expect(expectError(await get('/api/v1/registry/repositories?limit=100000'), 400).message).toBe(
      'limit must be an integer from 1 to 100',
    );
    expectError(await get('/api/v1/registry/selfhosted/replications?page=0'), 400);
  });

  it('well-formed paging values on a whole-array list change nothing', async () => {
    expect((await get('/api/v1/registry/repositories?take=5&skip=0')).statusCode).toBe(503);
    expect((await get('/api/v1/registry/available?take=5')).statusCode).toBe(200);
    expect((await get('/api/v1/registry/repositories?page=2&limit=100')).statusCode).toBe(503);
  });
});
