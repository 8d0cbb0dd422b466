import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
const EXAMPLES = join(import.meta.dirname, '../../fixtures/backstage-examples');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [relative(EXAMPLES, full)];
  });
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({});
  admin = bearer(await t.adminToken());
});
afterAll(async () => t?.close());
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });
describe('probe', () => {
  it('prints', async () => {
    for (const f of walk(EXAMPLES).filter((f) => f.endsWith('.yaml') && !f.includes('invalid') && !f.endsWith('.oas.yaml'))) {
      await t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: { yaml: readFileSync(join(EXAMPLES, f), 'utf8') } });
    }
    const out: Record<string, string> = {};
    const teamA = (await get('/api/v1/catalog/entities/group/default/team-a')).json();
    out.teamA = JSON.stringify(teamA);
    for (const q of ['', 'q=artist', 'q=Artists', 'entityKind=API', 'entityKind=api', 'kind=api', 'type=openapi', 'owner=team-a', 'owner=group:default/team-a', 'owner=inpixon', 'owner=user:team-b', 'lifecycle=production', 'tag=java', 'system=artist-engagement-portal', 'system=system:default/artist-engagement-portal', 'namespace=alternative', 'orphan=false', 'sort=-name', 'kindGroup=dev&owner=team-a', `teamId=${teamA.id}`, `teamId=${teamA.id}&entityKind=Resource`, 'tag=java&tag=data', 'foo=1', 'lifecycle=unknown']) {
      const r = await get(`/api/v1/catalog/components?take=100&${q}`);
      const b = r.json();
      out[q || 'all'] = `${r.statusCode} ${r.statusCode === 200 ? `${b.total} ${b.data.map((c: any) => `${c.entityRef}`).join(',')}` : b.message}`;
    }
    const first = (await get('/api/v1/catalog/components?take=1')).json();
    out.keys = `${Object.keys(first)} | ${Object.keys(first.data[0]).join(',')}`;
    const people = (await get('/api/v1/catalog/people?take=2')).json();
    out.people = JSON.stringify(people);
    out.userRef = (await get('/api/v1/catalog/entities/user/default/janelle.dawe')).body;
    out.teamRef = (await get('/api/v1/catalog/entities/Group/default/team-a')).body.slice(0, 400);
    const api = (await get('/api/v1/catalog/entities/api/default/petstore-webhook')).json();
    out.apiSpecs = (await get(`/api/v1/catalog/components/${api.id}/api-specs`)).body.slice(0, 300);
    console.log(JSON.stringify(out, null, 1));
    expect(1).toBe(1);
  });
});
