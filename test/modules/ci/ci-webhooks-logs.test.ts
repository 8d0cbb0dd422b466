import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { App } from '../../../src/kernel/types.js';
import { createTestDatabase, testConfig } from '../../helpers/app.js';
import { captureLogs } from '../../helpers/log-capture.js';

const TOKEN = 'Zq7-hook-token-never-logged';
const SECRET = 'Zq7-circle-secret-never-logged';

let app: App;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let logs: ReturnType<typeof captureLogs>;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp(
    testConfig({
      LOG_LEVEL: 'trace',
      SERVERCI_WEBHOOK_TOKEN: TOKEN,
      HOSTEDCI_WEBHOOK_TOKEN: TOKEN,
      CLOUDCI_WEBHOOK_SECRET: SECRET,
    }),
    {
      database: db.handle,
    },
  );
  logs = captureLogs(app.log);
  await app.ready();
});
afterAll(async () => {
  logs.restore();
  await app.close();
  await db.drop();
});

describe('webhook secrets in logs', () => {
  it('a query token, right or wrong, is never logged (trace level, the app logger)', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/serverci?token=${TOKEN}`,
      payload: { name: 'api', build: { number: 1, phase: 'STARTED' } },
    });
    expect(ok.statusCode).toBe(200);
    const wrong = await app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/hostedci?token=${TOKEN}x`,
      payload: { id: 1, state: 'passed' },
    });
    expect(wrong.statusCode).toBe(401);
    const header = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/hostedci',
      headers: { 'x-webhook-token': TOKEN },
      payload: { id: 2, state: 'passed' },
    });
    expect(header.statusCode).toBe(200);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/cloudci',
      headers: { 'cloudci-signature': 'v1=00' },
      payload: { id: 'e' },
    });
    expect(unsigned.statusCode).toBe(401);
    for (const res of [ok, wrong, header, unsigned]) expect(res.body).not.toContain(TOKEN);
    const text = logs.text();
    expect(text).toContain('/api/v1/webhooks/serverci');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(SECRET);
  });
});
