import { Type } from 'typebox';
import {
  EmptyResponse,
  errorResponses,
  IdParams,
  Nullable,
  NullableTimestamp,
  Timestamp,
  Uuid,
} from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import type { WebhooksService } from './webhooks.service.js';

const tags = ['webhooks'];
const base = '/api/v1/webhook-subscriptions';
const config = { auth: 'user' as const, organization: true };
const OrgHeader = Type.Object({
  'x-organization-id': Type.Optional(
    Type.String({ description: 'the organization the subscriptions belong to (required)' }),
  ),
});
const EventPattern = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^(\\*|[a-z0-9_-]+(\\.[a-z0-9_-]+)*(\\.\\*)?)$',
});
const Body = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    events: Type.Array(EventPattern, { minItems: 1, maxItems: 100 }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const Patch = Type.Partial(Body, { additionalProperties: false, minProperties: 1 });
const Subscription = Type.Object({
  id: Type.String(),
  organizationId: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.String(),
  active: Type.Boolean(),
  disabledReason: Nullable(Type.String()),
  failingSince: NullableTimestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
const Created = Type.Intersect([
  Subscription,
  Type.Object({ secret: Type.String({ description: 'whsec_…: shown once' }) }),
]);
/** One try of a delivery: the first, a retry on the schedule, or one of a redelivery's (decision 1112). */
const Attempt = Type.Object({
  attempt: Type.Integer({ description: '1 for the first try of the delivery' }),
  status: Type.String({ description: 'succeeded (a 2xx) or failed' }),
  startedAt: Timestamp,
  durationMs: Type.Integer(),
  responseCode: Nullable(Type.Integer()),
  responseBody: Nullable(Type.String({ description: 'the first kilobyte of the response' })),
  error: Nullable(Type.String({ description: 'timed out after N s, refused: …, or why the receiver was unreachable' })),
});
const Delivery = Type.Object({
  id: Type.String(),
  messageId: Type.String(),
  eventType: Type.String(),
  status: Type.String({ description: 'pending, retrying, delivered, failed or cancelled' }),
  attempts: Type.Integer(),
  responseCode: Nullable(Type.Integer()),
  responseBody: Nullable(Type.String({ description: 'the first kilobyte of the last response' })),
  durationMs: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  nextAttemptAt: NullableTimestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  attemptHistory: Type.Array(Attempt, { description: 'every attempt, oldest first (empty in a 202)' }),
});
const errors = errorResponses(400, 401, 403, 404);

export async function webhooksRoutes(app: App, { service }: { service: WebhooksService }) {
  const s = <E extends object>(operationId: string, summary: string, extra: E) => ({
    config,
    schema: { operationId, tags, summary, headers: OrgHeader, ...extra },
  });
  app.post(
    base,
    s('createWebhookSubscription', 'Subscribe a URL to domain events (owners and admins); the secret is shown once', {
      body: Body,
      response: { 201: Created, ...errors },
    }),
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );
  app.get(
    base,
    s('listWebhookSubscriptions', "The organization's webhook subscriptions", {
      response: { 200: Type.Array(Subscription), ...errors },
    }),
    async (req) => service.list(req.caller),
  );
  app.get(
    `${base}/:id`,
    s('getWebhookSubscription', 'One webhook subscription', {
      params: IdParams,
      response: { 200: Subscription, ...errors },
    }),
    async (req) => service.get(req.caller, req.params.id),
  );
  app.patch(
    `${base}/:id`,
    s('updateWebhookSubscription', 'Change a subscription (re-enabling clears its failure)', {
      params: IdParams,
      body: Patch,
      response: { 200: Subscription, ...errors },
    }),
    async (req) => service.update(req.caller, req.params.id, req.body),
  );
  app.delete(
    `${base}/:id`,
    s('deleteWebhookSubscription', 'Remove a subscription and its deliveries', {
      params: IdParams,
      response: { 204: EmptyResponse, ...errors },
    }),
    async (req, reply) => {
      await service.remove(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    `${base}/:id/test`,
    s('testWebhookSubscription', 'Sends a `ping` event', { params: IdParams, response: { 202: Delivery, ...errors } }),
    async (req, reply) => reply.code(202).send(await service.test(req.caller, req.params.id)),
  );
  app.post(
    `${base}/:id/rotate-secret`,
    s('rotateWebhookSecret', 'A new secret; the old one stays valid (both signatures sent) for 24 hours', {
      params: IdParams,
      response: { 200: Type.Object({ secret: Type.String() }), ...errors },
    }),
    async (req) => service.rotateSecret(req.caller, req.params.id),
  );
  app.get(
    `${base}/:id/deliveries`,
    s('listWebhookDeliveries', 'Deliveries, newest first, each with its last response and every attempt', {
      params: IdParams,
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }),
      response: { 200: Type.Array(Delivery), ...errors },
    }),
    async (req) => service.deliveries(req.caller, req.params.id, req.query.limit),
  );
  app.post(
    `${base}/:id/deliveries/:deliveryId/redeliver`,
    s('redeliverWebhook', 'Sends a delivery again (same webhook-id)', {
      params: Type.Object({ id: Uuid, deliveryId: Uuid }),
      response: { 202: Delivery, ...errors },
    }),
    async (req, reply) =>
      reply.code(202).send(await service.redeliver(req.caller, req.params.id, req.params.deliveryId)),
  );
}
