import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

test('GET /health answers ok', async () => {
  const app = buildApp(loadConfig({}));
  const res = await app.inject({ method: 'GET', url: '/health' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().service, '{{SERVICE_NAME}}');
  await app.close();
});
