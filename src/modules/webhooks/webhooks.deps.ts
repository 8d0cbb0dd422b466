import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Jobs } from '../../infra/jobs/catalog.js';
import type { AuditPort } from '../audit/index.js';
import type { AttemptResult } from './webhooks.delivery.js';
import type { WebhookTransport } from './webhooks.ports.js';
import type { SubscriptionRow } from './webhooks.repository.js';

// The webhooks service's input and dependencies, shared by its verb groups (decision 1170).

export interface SubscriptionBody {
  url: string;
  events: string[];
  description?: string;
  active?: boolean;
}

export interface WebhooksServiceDeps {
  db: Database;
  jobs: Jobs;
  log: FastifyBaseLogger;
  audit: AuditPort;
  /** Admits receiver URLs through the outbound address policy (decision 1040). */
  transport: Pick<WebhookTransport, 'admit'>;
  retryScale: number;
  attempt(sub: SubscriptionRow, messageId: string, body: string): Promise<AttemptResult>;
  roleOf(organizationId: string, userId: string): Promise<string | undefined>;
  /** Announces a subscription disabled for failing, so its owners hear of it (decision 1043). */
  events: EventPublisher;
}
