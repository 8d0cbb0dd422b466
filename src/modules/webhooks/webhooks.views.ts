import type { AttemptRow, DeliveryRow, SubscriptionRow } from './webhooks.repository.js';

// What the webhooks' verbs answer (decision 1170: cut out of webhooks.service.ts).

export const subscriptionView = (r: SubscriptionRow) => ({
  id: r.id,
  organizationId: r.organizationId,
  url: r.url,
  events: r.events,
  description: r.description,
  active: r.active,
  disabledReason: r.disabledReason,
  failingSince: r.failingSince,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
const attemptView = (a: AttemptRow) => ({
  attempt: a.attempt,
  status: a.status,
  startedAt: a.startedAt,
  durationMs: a.durationMs,
  responseCode: a.responseCode,
  responseBody: a.responseBody,
  error: a.error,
});
/** A delivery with its latest outcome and, oldest first, every attempt (decision 1112). */
export const deliveryView = (d: DeliveryRow, attempts: AttemptRow[] = []) => ({
  id: d.id,
  messageId: d.messageId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  responseCode: d.responseCode,
  responseBody: d.responseBody,
  durationMs: d.durationMs,
  error: d.error,
  nextAttemptAt: d.nextAttemptAt,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  attemptHistory: attempts.map(attemptView),
});
