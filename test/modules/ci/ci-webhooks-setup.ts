import { createHmac } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { CiBuildUpdated } from '../../../src/modules/ci/index.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { recordEvents } from '../../helpers/events.js';
import { waitUntil } from '../../helpers/free-port.js';

export const SECRET = 'circle-webhook-secret';
export const SERVER_TOKEN = 'Zq9-jenkins-hook-token';
export const HOSTED_TOKEN = 'Zq9-travis-hook-token';

export let t: TestApp;
// Made per test file: the module is shared between the files of a worker (isolate: false).
export let recorder: ReturnType<typeof recordEvents>;
export const sign = (raw: string, secret = SECRET) => `v1=${createHmac('sha256', secret).update(raw).digest('hex')}`;

export const builds = () => recorder.named('ci.build.updated').map((e) => e.payload as CiBuildUpdated);
export const eventsFor = (id: string) => builds().filter((e) => e.id === id);
export async function eventFor(id: string) {
  await waitUntil(async () => eventsFor(id).length > 0, 10_000, `ci.build.updated for ${id}`);
  return eventsFor(id)[0]!;
}

export function circlePayload(eventId: string, status: string) {
  return {
    type: 'workflow-completed',
    id: eventId,
    happened_at: '2026-01-01T00:00:00Z',
    webhook: { id: 'wh', name: 'hangar' },
    project: { id: 'p1', name: 'shop', slug: 'gh/acme/shop' },
    organization: { id: 'o1', name: 'acme' },
    workflow: {
      id: `wf-${eventId}`,
      name: 'build-and-test',
      status,
      created_at: '2026-01-01T00:00:00Z',
      stopped_at: '2026-01-01T00:05:00Z',
      url: `https://app.circleci.com/pipelines/gh/acme/shop/1/workflows/wf-${eventId}`,
    },
    pipeline: { id: 'pl1', number: 1 },
  };
}

/** The setup shared by the files split from ci-webhooks.test.ts (decision 1126): call at the top of each. */
export function useCiWebhooksApp(): void {
  recorder = recordEvents();
  beforeAll(async () => {
    t = await buildTestApp(
      { CLOUDCI_WEBHOOK_SECRET: SECRET, SERVERCI_WEBHOOK_TOKEN: SERVER_TOKEN, HOSTEDCI_WEBHOOK_TOKEN: HOSTED_TOKEN },
      undefined,
      undefined,
      {
        events: recorder.wrap,
      },
    );
  });
  afterAll(() => t.close());
}
