import { afterAll, beforeAll, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({});
  admin = await t.adminToken();
});
afterAll(() => t.close());
const show = (label: string, res: { statusCode: number; body: string }) => console.log(`### ${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);

it('probe', async () => {
  const C = '/api/v1/integrations/credentials';
  const c = await t.app.inject({ method: 'POST', url: C, headers: bearer(admin), payload: { type: 'serverci', name: 'j', value: { url: 'http://127.0.0.1:1', username: 'u', apiToken: 'SEKRET' } } });
  const id = c.json().id;
  show('patch no body', await t.app.inject({ method: 'PATCH', url: `${C}/${id}`, headers: bearer(admin) }));
  show('patch json empty', await t.app.inject({ method: 'PATCH', url: `${C}/${id}`, headers: { ...bearer(admin), 'content-type': 'application/json' } }));
  show('sync json empty', await t.app.inject({ method: 'POST', url: `/api/v1/serverci/jobs/x/build`, headers: { ...bearer(admin), 'content-type': 'application/json' } }));
  show('serverci unreachable', await t.app.inject({ method: 'GET', url: `/api/v1/serverci/jobs`, headers: bearer(admin) }));
  show('delete json empty', await t.app.inject({ method: 'DELETE', url: `${C}/${id}`, headers: { ...bearer(admin), 'content-type': 'application/json' } }));
  const o = await t.app.inject({ method: 'GET', url: '/documentation/json' });
  show('openapi', { statusCode: o.statusCode, body: '' });
});
