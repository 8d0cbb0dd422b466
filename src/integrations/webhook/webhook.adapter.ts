import type { NotifyWebhookPayload, NotifyWebhookPort } from '../../modules/pipelines/pipelines.ports.js';

export const NOTIFY_TIMEOUT_MS = 10_000;

/**
 * A plain HTTP webhook taking `{channel, text}` as JSON (Slack's incoming webhooks and anything shaped
 * like them). The URL is the operator's own setting, so it is not held to the outbound address policy;
 * redirects are not followed (decision 512).
 */
export class WebhookNotifyAdapter implements NotifyWebhookPort {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = NOTIFY_TIMEOUT_MS,
  ) {}

  async send(payload: NotifyWebhookPayload, signal?: AbortSignal): Promise<{ statusCode: number }> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: payload.channel, text: payload.text }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'manual',
      });
      await res.body?.cancel().catch(() => {});
      return { statusCode: res.status };
    } catch (err) {
      const timedOut =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError') && !signal?.aborted;
      throw new Error(
        timedOut
          ? `the notification webhook did not answer within ${this.timeoutMs / 1000} s`
          : 'the notification webhook could not be reached',
      );
    }
  }
}
