import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyWebhookPayload, NotifyWebhookPort } from '../../src/modules/pipelines/pipelines.ports.js';

export interface NotifyWebhookSubject {
  /** A port whose webhook answers `statusCode` to every post. */
  answering(statusCode: number): Promise<NotifyWebhookPort>;
  /** What the webhook behind `answering` ports received, in order. */
  received(): NotifyWebhookPayload[];
  /** A webhook that takes the post and never answers (the port gives up after its timeout). */
  silent(): Promise<NotifyWebhookPort>;
  unreachable(): NotifyWebhookPort;
  close?(): Promise<void>;
}

/** What the notify stage relies on from the notification webhook (decisions 510, 512). */
export function notifyWebhookContract(name: string, make: () => Promise<NotifyWebhookSubject>) {
  describe(`notify-webhook port contract: ${name}`, () => {
    let s: NotifyWebhookSubject;
    beforeAll(async () => {
      s = await make();
    });
    afterAll(() => s?.close?.());

    it('posts {channel, text} and answers the status', async () => {
      const port = await s.answering(200);
      expect(await port.send({ channel: 'deploys', text: 'shipped 1.2.3' })).toEqual({ statusCode: 200 });
      expect(s.received().at(-1)).toEqual({ channel: 'deploys', text: 'shipped 1.2.3' });
    });
    it('a non-2xx answer is answered, not thrown (the stage judges it)', async () => {
      expect(await (await s.answering(500)).send({ channel: 'broken', text: 'x' })).toEqual({ statusCode: 500 });
      expect(await (await s.answering(302)).send({ channel: 'moved', text: 'x' })).toEqual({ statusCode: 302 });
    });
    it('no answer in time, or none at all, rejects with the reason the stage reports', async () => {
      await expect((await s.silent()).send({ channel: 'slow', text: 'x' })).rejects.toThrow(
        /^the notification webhook did not answer within \d+(\.\d+)? s$/,
      );
      await expect(s.unreachable().send({ channel: 'c', text: 'x' })).rejects.toThrow(
        'the notification webhook could not be reached',
      );
    });
    it('an aborted signal rejects', async () => {
      await expect((await s.answering(200)).send({ channel: 'c', text: 'x' }, AbortSignal.abort())).rejects.toThrow(
        'the notification webhook could not be reached',
      );
    });
  });
}
