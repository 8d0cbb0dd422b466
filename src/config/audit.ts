import { createHmac } from 'node:crypto';
import { Type } from 'typebox';
import { defineSection } from './sections.js';

/** The audit log (decisions 980–985) and outbound webhooks (decisions 990–999). */
export interface AuditConfig {
  /** Records older than this are pruned daily behind a signed checkpoint (`AUDIT_RETENTION_DAYS`, default 400). */
  readonly retentionDays: number;
  /** The HMAC key that signs pruning checkpoints (`AUDIT_CHECKPOINT_KEY`; default: derived from JWT_SECRET). */
  readonly checkpointKey: string;
}

export interface WebhooksConfig {
  /** Loopback and private receivers allowed (`WEBHOOK_ALLOW_PRIVATE_NETWORKS`, default false). */
  readonly allowPrivateNetworks: boolean;
  /** Deliveries of one subscription in flight at once in one process (`WEBHOOK_SUBSCRIPTION_CONCURRENCY`). */
  readonly subscriptionConcurrency: number;
  /** Delivery attempts running at once in one process (`WEBHOOK_DELIVERY_CONCURRENCY`). */
  readonly deliveryConcurrency: number;
  /** Multiplies the retry schedule (`WEBHOOK_RETRY_SCALE`, default 1; tests shrink it). */
  readonly retryScale: number;
  /** One delivery attempt's limit (`WEBHOOK_TIMEOUT_MS`, default 10 000; tests shorten it, decision 1042). */
  readonly timeoutMs: number;
}

declare module './sections.js' {
  interface ConfigSections {
    audit: AuditConfig;
    webhooks: WebhooksConfig;
  }
}

export const auditSettings = defineSection(
  'audit',
  {
    AUDIT_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 36_500, default: 400 }),
    AUDIT_CHECKPOINT_KEY: Type.Optional(Type.String({ minLength: 16 })),
  },
  (env, core) => ({
    retentionDays: env.AUDIT_RETENTION_DAYS as number,
    checkpointKey:
      (env.AUDIT_CHECKPOINT_KEY as string | undefined) ??
      createHmac('sha256', core.jwtSecret).update('hangar-audit-checkpoint').digest('hex'),
  }),
);

export const webhooksSettings = defineSection(
  'webhooks',
  {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: Type.Union(
      ['true', 'false', '1', '0'].map((v) => Type.Literal(v)),
      { default: 'false' },
    ),
    WEBHOOK_SUBSCRIPTION_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 100, default: 4 }),
    WEBHOOK_DELIVERY_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1000, default: 64 }),
    WEBHOOK_RETRY_SCALE: Type.String({ pattern: '^(0?\\.[0-9]*[1-9][0-9]*|1(\\.0*)?)$', default: '1' }),
    WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
  },
  (env) => ({
    allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true' || env.WEBHOOK_ALLOW_PRIVATE_NETWORKS === '1',
    subscriptionConcurrency: env.WEBHOOK_SUBSCRIPTION_CONCURRENCY as number,
    deliveryConcurrency: env.WEBHOOK_DELIVERY_CONCURRENCY as number,
    retryScale: Number(env.WEBHOOK_RETRY_SCALE),
    timeoutMs: env.WEBHOOK_TIMEOUT_MS as number,
  }),
);
