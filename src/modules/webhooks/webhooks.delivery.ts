import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { OutboundRules } from '../../integrations/outbound/policy.js';
import { outboundFetch } from '../../integrations/outbound/fetch.js';
import type { SubscriptionRow } from './webhooks.repository.js';

/** The Standard Webhooks retry schedule after each failed attempt (decision 993). */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** A subscription failing this long is disabled and its owners told (decision 993). */
export const DISABLE_AFTER_MS = 5 * 86_400_000;
export const ATTEMPT_TIMEOUT_MS = 10_000;
const RESPONSE_KEEP = 1024;

export const newSecret = () => `whsec_${Buffer.from(randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, ''), 'hex').toString('base64')}`;
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
  if (sub.previousSecret && sub.previousSecretExpiresAt && sub.previousSecretExpiresAt > now) secrets.push(sub.previousSecret);
  return secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  durationMs: number;
  error: string | null;
}

/**
 * One POST through the outbound policy's pinned fetch (decision 200): the address is checked again
 * at connect time, redirects are answered as they are (a 3xx is a failure), 10 s at most.
 */
export function deliverer(rules: OutboundRules) {
  const fetcher = outboundFetch(rules);
  return async (sub: SubscriptionRow, messageId: string, body: string): Promise<AttemptResult> => {
    const started = Date.now();
    const at = new Date();
    try {
      const res = await fetcher(sub.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Hangar-Webhooks/1',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signatureHeader(sub, messageId, at, body),
        },
        body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      const text = await readCapped(res);
      return { ok: res.status >= 200 && res.status < 300, status: res.status, body: text, durationMs: Date.now() - started, error: null };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const reason = e.name === 'TimeoutError' ? 'timed out after 10 s' : (e.cause?.code === 'EOUTBOUNDREFUSED' ? e.cause.message : e.cause?.code) || e.message;
      return { ok: false, status: null, body: null, durationMs: Date.now() - started, error: String(reason).slice(0, 500) };
    }
  };
}

/** The first kilobyte of the response; the rest is not read. */
async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_KEEP) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_KEEP).toString('utf8');
}
