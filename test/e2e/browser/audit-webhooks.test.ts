import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ADMIN,
  expectAccessible,
  launchBrowser,
  settled,
  signIn,
  startPortalServer,
  type PortalBrowser,
  type PortalServer,
} from './helpers/index.js';

/** Administration → Audit log and Webhooks in Chromium against a real server and a real receiver (issue 36). */
let server: PortalServer;
let pb: PortalBrowser;
let receiver: Server;
let receiverUrl: string;
let orgId: string;
const received: { type: string; verified: boolean }[] = [];
let secrets: string[] = [];

function verifies(body: string, headers: Record<string, string | string[] | undefined>) {
  const h = {
    'webhook-id': String(headers['webhook-id']),
    'webhook-timestamp': String(headers['webhook-timestamp']),
    'webhook-signature': String(headers['webhook-signature']),
  };
  return secrets.some((secret) => {
    try {
      new Webhook(secret).verify(body, h);
      return true;
    } catch {
      return false;
    }
  });
}

async function orgApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await server.adminToken()}`,
      'x-organization-id': orgId,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ type: (JSON.parse(body) as { type: string }).type, verified: verifies(body, req.headers) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('accepted by the test receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  server = await startPortalServer({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  const org = await server.api(
    'POST',
    '/api/v1/organizations',
    { name: 'Audit Org', slug: 'audit-org' },
    await server.adminToken(),
  );
  expect(org.status).toBe(201);
  orgId = org.body.id;
  // Two records with a resource, one of them with changes: a subscription made and its description changed.
  const sub = await orgApi('POST', '/api/v1/webhook-subscriptions', {
    url: `${receiverUrl}/api`,
    events: ['incident.*'],
    description: 'first',
  });
  expect(sub.status).toBe(201);
  expect(
    (await orgApi('PATCH', `/api/v1/webhook-subscriptions/${sub.body.id}`, { description: 'second' })).status,
  ).toBe(200);
  pb = await launchBrowser(server);
});
afterAll(async () => {
  await pb?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function asAdminInOrg(path: string) {
  const { context, page } = await pb.newPage();
  await context.addInitScript((id) => localStorage.setItem('hangar.organization', id), orgId);
  await signIn(page, ADMIN, path);
  return { context, page };
}

const dialog = (page: Page) => page.getByRole('dialog');

it('filters the audit log through the URL, shows changes before/after, links to the resource and exports CSV', async () => {
  const { context, page } = await asAdminInOrg('/admin');
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
  await settled(page);
  await page.getByRole('row', { name: /webhooks\.subscription\.create/ }).waitFor();
  await expectAccessible(page, 'audit log');

  await page.getByLabel('Action').fill('webhooks.subscription.update');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL((url) => url.searchParams.get('action') === 'webhooks.subscription.update');
  await expect.poll(() => page.getByRole('row', { name: /webhooks\.subscription\.create/ }).count()).toBe(0);
  const row = page.getByRole('row', { name: /webhooks\.subscription\.update/ });
  await row.getByText('1 field').click();
  await row.getByRole('deletion').getByText('first').waitFor();
  await row.getByRole('insertion').getByText('second').waitFor();
  await expectAccessible(page, 'audit log, filtered, changes open');

  // The filter survives a reload (it lives in the URL), and so does the field's value.
  await page.reload();
  await page.getByRole('row', { name: /webhooks\.subscription\.update/ }).waitFor();
  expect(await page.getByLabel('Action').inputValue()).toBe('webhooks.subscription.update');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const stream = await download.createReadStream();
  let csv = '';
  for await (const chunk of stream) csv += String(chunk);
  expect(csv).toContain('webhooks.subscription.update');
  expect(csv).not.toContain('webhooks.subscription.create');

  await page
    .getByRole('row', { name: /webhooks\.subscription\.update/ })
    .getByRole('link', { name: `${receiverUrl}/api` })
    .click();
  await page.waitForURL((url) => url.pathname === '/admin/webhooks');
  await context.close();
});

it('creates a webhook with the events picker, shows its secret once, tests, redelivers, rotates and deletes it', async () => {
  const { context, page } = await asAdminInOrg('/admin/webhooks');
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  await settled(page);
  await expectAccessible(page, 'webhooks');

  await page.getByRole('button', { name: 'New webhook' }).click();
  await dialog(page).getByLabel('Receiver URL').fill(`${receiverUrl}/portal`);
  await dialog(page).getByLabel('Description').fill('From the portal');
  await dialog(page).getByLabel('component.*', { exact: true }).check();
  await expectAccessible(page, 'webhooks, new webhook dialog');
  await dialog(page).getByRole('button', { name: 'Create webhook' }).click();
  const secret = await dialog(page).getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  secrets = [secret];
  await expectAccessible(page, 'webhooks, secret shown once');
  await dialog(page).getByRole('button', { name: 'I have stored it' }).click();

  const row = page.getByRole('row', { name: /\/hooks\/portal/ });
  await row.getByText('component.*').waitFor();
  await row.getByRole('button', { name: `Send a test ping to ${receiverUrl}/portal` }).click();
  await row.getByText('Ping queued').waitFor();
  await expect.poll(() => received.filter((r) => r.type === 'ping' && r.verified).length, { timeout: 20_000 }).toBe(1);

  await row.getByRole('button', { name: `Deliveries to ${receiverUrl}/portal` }).click();
  await expect
    .poll(
      async () => {
        await dialog(page).getByRole('button', { name: 'Refresh' }).click();
        return dialog(page).getByText('delivered', { exact: true }).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  // The last response in its column, and the same answer as the delivery's one attempt (decision 1112).
  await dialog(page)
    .getByRole('cell', { name: /accepted by the test receiver/ })
    .first()
    .waitFor();
  await dialog(page).getByText('200', { exact: true }).first().waitFor();
  const attempts = dialog(page).getByRole('list', { name: /^Attempts of ping/ });
  await dialog(page).getByText('1 attempt', { exact: true }).click();
  await attempts.getByText('succeeded').waitFor();
  await attempts.getByText('accepted by the test receiver').waitFor();
  await expectAccessible(page, 'webhooks, deliveries');
  await dialog(page)
    .getByRole('button', { name: /^Redeliver ping/ })
    .click();
  await expect.poll(() => received.filter((r) => r.type === 'ping' && r.verified).length, { timeout: 20_000 }).toBe(2);
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: `Rotate the secret of ${receiverUrl}/portal` }).click();
  await dialog(page).getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = await page.getByRole('dialog', { name: 'The signing secret' }).getByLabel('Secret').inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await page.getByRole('button', { name: 'I have stored it' }).click();

  await row.getByRole('button', { name: `Delete the webhook to ${receiverUrl}/portal` }).click();
  await dialog(page).getByRole('button', { name: 'Delete webhook' }).click();
  await expect.poll(() => page.getByRole('row', { name: /\/hooks\/portal/ }).count()).toBe(0);
  await context.close();
});
