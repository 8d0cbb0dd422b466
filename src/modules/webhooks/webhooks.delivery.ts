import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookTransport } from './webhooks.ports.js';
import type { SubscriptionRow } from './webhooks.repository.js';

/** The Standard Webhooks retry schedule after each failed attempt (decision 993). */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** A subscription failing this long is disabled and its owners told (decision 993). */
export const DISABLE_AFTER_MS = 5 * 86_400_000;

export const newSecret = () =>
  `whsec_${Buffer.from(randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, ''), 'hex').toString('base64')}`;
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`;

/** `webhook-signature`: one `v1,…` per valid secret, space separated (the rotation window sends both, decision 992). */
export function signatureHeader(
  sub: Pick<SubscriptionRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  messageId: string,
  at: Date,
  body: string,
  now = new Date(),
) {
  const secrets = [sub.secret];
  if (sub.previousSecret && sub.previousSecretExpiresAt && sub.previousSecretExpiresAt > now)
    secrets.push(sub.previousSecret);
  return secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  durationMs: number;
  error: string | null;
  /** When the POST began (the attempt's row, decision 1112); its end minus the duration if not given. */
  startedAt?: Date;
}

/**
 * One signed POST through the transport port (decision 1040): the adapter applies the outbound
 * policy at connect time (decision 1041) and never follows a redirect. `timeoutMs` is
 * WEBHOOK_TIMEOUT_MS (10 s unless a test shortens it, decision 1042).
 */
export function deliverer(transport: WebhookTransport, timeoutMs: number) {
  return async (sub: SubscriptionRow, messageId: string, body: string): Promise<AttemptResult> => {
    const at = new Date();
    const started = at.getTime();
    const result = await transport.post({
      url: sub.url,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Hangar-Webhooks/1',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signatureHeader(sub, messageId, at, body),
      },
      body,
      timeoutMs,
    });
    const timing = { durationMs: Date.now() - started, startedAt: at };
    const failed = (error: string) => ({ ok: false, status: null, body: null, ...timing, error: error.slice(0, 500) });
    switch (result.kind) {
      case 'answered': {
        const ok = result.status >= 200 && result.status < 300;
        return { ok, status: result.status, body: result.body, ...timing, error: null };
      }
      case 'timeout':
        return failed(`timed out after ${timeoutMs / 1000} s`);
      case 'refused':
        return failed(`refused: ${result.reason}`);
      default:
        return failed(result.reason);
    }
  };
}
