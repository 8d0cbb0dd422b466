import type { NotifyWebhookPayload, NotifyWebhookPort } from '../../../src/modules/pipelines/pipelines.ports.js';

/** An in-memory notification webhook: records what it is sent; held to test/contracts/notify-webhook.contract.ts. */
export class FakeNotifyWebhook implements NotifyWebhookPort {
  /** The status every post answers. */
  statusCode = 200;
  /** 'silent': no answer in time; 'down': no answer at all. */
  mode: 'up' | 'silent' | 'down' = 'up';
  readonly sent: NotifyWebhookPayload[] = [];

  async send(payload: NotifyWebhookPayload, signal?: AbortSignal) {
    if (signal?.aborted) throw new Error('the notification webhook could not be reached');
    if (this.mode === 'down') throw new Error('the notification webhook could not be reached');
    this.sent.push({ channel: payload.channel, text: payload.text });
    if (this.mode === 'silent') throw new Error('the notification webhook did not answer within 10 s');
    return { statusCode: this.statusCode };
  }
}
