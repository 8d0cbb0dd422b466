import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookTransport } from '../../src/modules/webhooks/index.js';

export interface ReceivedPost {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface WebhookTransportSubject {
  /** A transport that refuses private addresses except the local receiver's literal address. */
  transport: WebhookTransport;
  /** A receiver URL whose path answers `status` with `body`. */
  answering(status: number, body?: string): string;
  /** A receiver URL that takes the POST and never answers. */
  silent(): string;
  /** A URL nothing listens on. */
  unreachable(): string;
  /**
   * A URL on a host name that resolves to a public address until `turnPrivate()`, then to the
   * local receiver's loopback address (DNS changed after the subscription was created).
   */
  rebinding(): { url: string; turnPrivate(): void };
  /** What the receiver got, in order. */
  received(): ReceivedPost[];
  close?(): Promise<void>;
}

const post = (url: string, timeoutMs = 2_000) => ({
  url,
  headers: { 'content-type': 'application/json', 'webhook-id': 'msg_contract' },
  body: '{"type":"ping"}',
  timeoutMs,
});

/** What outbound webhooks rely on from the receivers' transport (decisions 1040, 1041). */
export function webhookTransportContract(name: string, make: () => Promise<WebhookTransportSubject>) {
  describe(`webhook transport port contract: ${name}`, () => {
    let s: WebhookTransportSubject;
    beforeAll(async () => {
      s = await make();
    });
    afterAll(() => s?.close?.());

    it('admits a public or listed URL (normalised) and refuses a private one with a 400 naming url', async () => {
      expect(await s.transport.admit(s.answering(200))).toMatch(/^http:\/\//);
      for (const url of ['http://10.0.0.5/x', 'http://169.254.169.254/latest', 'http://localhost:1/x']) {
        await expect(s.transport.admit(url), url).rejects.toMatchObject({
          statusCode: 400,
          details: [expect.objectContaining({ field: 'url' })],
        });
      }
    });
    it('posts the headers and body, and answers the status with the first kilobyte of the response', async () => {
      const url = s.answering(202, 'x'.repeat(3000));
      expect(await s.transport.post(post(url))).toEqual({ kind: 'answered', status: 202, body: 'x'.repeat(1024) });
      const got = s.received().at(-1)!;
      expect(got).toMatchObject({
        body: '{"type":"ping"}',
        headers: expect.objectContaining({ 'webhook-id': 'msg_contract' }),
      });
    });
    it('answers a non-2xx and a redirect as they are, never following the redirect', async () => {
      expect(await s.transport.post(post(s.answering(500, 'broken')))).toEqual({
        kind: 'answered',
        status: 500,
        body: 'broken',
      });
      const before = s.received().length;
      expect(await s.transport.post(post(s.answering(302)))).toMatchObject({ kind: 'answered', status: 302 });
      expect(s.received().length).toBe(before + 1);
    });
    it('a receiver that never answers is a timeout after timeoutMs; nothing listening is unreachable', async () => {
      expect(await s.transport.post(post(s.silent(), 300))).toEqual({ kind: 'timeout' });
      expect(await s.transport.post(post(s.unreachable()))).toMatchObject({
        kind: 'unreachable',
        reason: expect.any(String),
      });
    });
    it('a name admitted while public and private at delivery is refused without a request (DNS can change)', async () => {
      const { url, turnPrivate } = s.rebinding();
      await s.transport.admit(url);
      turnPrivate();
      const before = s.received().length;
      expect(await s.transport.post(post(url))).toMatchObject({
        kind: 'refused',
        reason: expect.stringMatching(/loopback/),
      });
      expect(s.received().length).toBe(before);
    });
  });
}
