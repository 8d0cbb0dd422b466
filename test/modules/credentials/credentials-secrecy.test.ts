import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { App } from '../../../src/kernel/types.js';
import { ADMIN, bearer, createTestDatabase, testConfig } from '../../helpers/app.js';
import { captureLogs } from '../../helpers/log-capture.js';

// Values distinctive enough that any leak is found by a plain substring search.
const SECRET_TOKEN = 'Zq8-secret-argo-token-4f1d9c';
const SECRET_API_TOKEN = 'Zq8-secret-jenkins-token-77aa';
const SECRET_USER = 'Zq8-secret-user-b3';

let app: App;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let logs: ReturnType<typeof captureLogs>;
let admin: string;
const responses: string[] = [];

async function call(opts: InjectOptions) {
  const res = await app.inject(opts);
  responses.push(res.body, JSON.stringify(res.headers));
  return res;
}

beforeAll(async () => {
  db = await createTestDatabase();
  // The app's own logger at its most verbose level: request logs, errors, warnings, everything.
  app = await buildApp(testConfig({ LOG_LEVEL: 'trace' }), { database: db.handle });
  logs = captureLogs(app.log);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: ADMIN.username, password: ADMIN.password },
  });
  admin = login.json().token;
});
afterAll(async () => {
  logs.restore();
  await app.close();
  await db.drop();
});

describe("a credential's value is never found in clear", () => {
  it('not in responses, not in logs (trace level, errors included), not in the database', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/v1/integrations/credentials',
      headers: bearer(admin),
      payload: { type: 'gitopscd', name: 'argo', value: { url: 'http://127.0.0.1:9', token: SECRET_TOKEN } },
    });
    expect(created.statusCode).toBe(201);
    const jenkins = await call({
      method: 'POST',
      url: '/api/v1/integrations/credentials',
      headers: bearer(admin),
      payload: {
        type: 'serverci',
        name: 'jenkins',
        value: { url: 'http://127.0.0.1:9', username: SECRET_USER, apiToken: SECRET_API_TOKEN },
      },
    });
    expect(jenkins.statusCode).toBe(201);
    // Failing paths: a duplicate, a bad update, and platform calls that fail upstream (port 9 answers nothing).
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/v1/integrations/credentials',
          headers: bearer(admin),
          payload: { type: 'gitopscd', name: 'again', value: { url: 'http://127.0.0.1:9', token: SECRET_TOKEN } },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call({
          method: 'PATCH',
          url: `/api/v1/integrations/credentials/${jenkins.json().id}`,
          headers: bearer(admin),
          payload: { value: { apiToken: SECRET_API_TOKEN } },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call({
          method: 'PATCH',
          url: `/api/v1/integrations/credentials/${jenkins.json().id}`,
          headers: bearer(admin),
          payload: { value: { url: 'http://127.0.0.1:9', username: SECRET_USER, apiToken: SECRET_API_TOKEN } },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call({ method: 'GET', url: '/api/v1/gitopscd/applications', headers: bearer(admin) })).statusCode,
    ).toBe(503);
    const build = await call({ method: 'POST', url: '/api/v1/serverci/jobs/api/build', headers: bearer(admin) });
    expect(build.statusCode, build.body).toBe(503);
    expect(
      (await call({ method: 'GET', url: '/api/v1/integrations/credentials', headers: bearer(admin) })).statusCode,
    ).toBe(200);

    const basic = Buffer.from(`${SECRET_USER}:${SECRET_API_TOKEN}`).toString('base64');
    for (const secret of [SECRET_TOKEN, SECRET_API_TOKEN, SECRET_USER, basic]) {
      expect(responses.join('\n')).not.toContain(secret);
      expect(logs.text()).not.toContain(secret);
    }
    expect(logs.text()).toContain('/api/v1/integrations/credentials'); // the capture did see the requests

    const rows = await db.handle.db.execute('SELECT * FROM integration_credentials');
    const dump = JSON.stringify(rows);
    expect(dump).toContain('gitopscd');
    for (const secret of [
      SECRET_TOKEN,
      SECRET_API_TOKEN,
      SECRET_USER,
      basic,
      Buffer.from(SECRET_TOKEN).toString('base64'),
    ])
      expect(dump).not.toContain(secret);

    // What is stored opens only with the server's key, and only for its own row.
    const value = await app.hangar.modules.credentials.readValue(
      { actor: undefined as never, organizationId: null, requestId: 't' },
      'gitopscd',
    );
    expect(value).toEqual({ url: 'http://127.0.0.1:9', token: SECRET_TOKEN });
  });
});
