import type { FastifyRequest } from 'fastify';
import { Invalid, Unauthorized } from '../../kernel/errors.js';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { WebhookAccepted, WebhookQuery } from './ci.schemas.js';
import { deliveryIdOf, readWebhookBody, safeEqual, verifySignature, type WebhookPlatform } from './ci.webhooks.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The webhook body exactly as received: the cloudci signature is computed over these bytes. */
    ciWebhookRaw?: Buffer;
  }
}

export interface WebhookRoutesOptions {
  secrets: { cloudci: string | undefined; serverci: string | undefined; hostedci: string | undefined };
  /** Queues the delivery for processing; answers at once. */
  accept(platform: WebhookPlatform, deliveryId: string | null, body: Record<string, unknown>): Promise<void>;
  bodyLimit: number;
}

/**
 * Inside a webhook plugin: bodies of any type are kept as their raw bytes (signatures are computed
 * over them) and never fail to parse, so verification answers before any body problem.
 */
export function keepRawBodies(app: App, bodyLimit: number) {
  app.decorateRequest('ciWebhookRaw', undefined);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (req, body, done) => {
    req.ciWebhookRaw = body as Buffer;
    done(null, undefined);
  });
}

const tags = ['webhooks'];
export const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The three inbound webhooks. Registered as their own plugin: its content-type parsers keep the raw
 * bytes (for the HMAC) and never fail, so a bad signature or token answers 401 before any body
 * problem answers 400, and nothing unverified is ever parsed into work.
 */
export async function ciWebhookRoutes(app: App, opts: WebhookRoutesOptions) {
  keepRawBodies(app, opts.bodyLimit);

  const verify = (platform: WebhookPlatform) => async (req: FastifyRequest) => {
    const raw = req.ciWebhookRaw ?? Buffer.alloc(0);
    if (platform === 'cloudci') {
      const secret = opts.secrets.cloudci;
      if (!secret) throw new Unauthorized('cloudci webhooks are not accepted: CLOUDCI_WEBHOOK_SECRET is not set');
      // CircleCI itself names the header `circleci-signature` (same `v1=<hex>` format): both are read.
      if (!verifySignature(raw, header(req, 'cloudci-signature') ?? header(req, 'circleci-signature'), secret))
        throw new Unauthorized('Missing or invalid cloudci-signature');
      return;
    }
    const expected = opts.secrets[platform];
    const setting = platform === 'serverci' ? 'SERVERCI_WEBHOOK_TOKEN' : 'HOSTEDCI_WEBHOOK_TOKEN';
    if (!expected) throw new Unauthorized(`${platform} webhooks are not accepted: ${setting} is not set`);
    // A repeated `?token=` parses as an array (this hook runs before validation): only a single string counts.
    const query = (req.query as { token?: unknown }).token;
    const provided = header(req, 'x-webhook-token') ?? (typeof query === 'string' ? query : undefined);
    if (!provided || !safeEqual(provided, expected)) throw new Unauthorized('Missing or invalid webhook token');
  };

  for (const platform of ['cloudci', 'serverci', 'hostedci'] as const) {
    app.post(
      `/api/v1/webhooks/${platform}`,
      {
        config: { auth: 'custom' },
        preValidation: verify(platform),
        schema: {
          operationId: `receive${platform[0]!.toUpperCase()}${platform.slice(1)}Webhook`,
          tags,
          summary:
            platform === 'cloudci'
              ? 'Hosted CI platform webhook (HMAC-SHA256 of the raw body in cloudci-signature: v1=<hex>)'
              : `${platform === 'serverci' ? 'Self-run CI server' : 'Hosted CI service'} webhook (shared token in X-Webhook-Token or ?token=)`,
          description:
            'JSON, or form-encoded with a `payload` field holding JSON. Answers 200 at once; the build update is emitted as ci.build.updated.',
          security: [],
          querystring: WebhookQuery,
          response: { 200: WebhookAccepted, ...errorResponses(400, 401, 413) },
        },
      },
      async (req) => {
        const raw = req.ciWebhookRaw ?? Buffer.alloc(0);
        const body = readWebhookBody(raw, header(req, 'content-type'));
        if (!body)
          throw new Invalid('The webhook body must be a JSON object, or a form with a payload field holding one');
        const deliveryId = deliveryIdOf(platform, body, header(req, 'x-delivery-id'));
        await opts.accept(platform, deliveryId, body);
        return { received: true, deliveryId };
      },
    );
  }
}
