import { verify as verifyGithubSignature } from '@octokit/webhooks-methods';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { systemCaller, type Caller } from '../../kernel/caller.js';
import { Invalid, NotFound, Unauthorized } from '../../kernel/errors.js';
import { isUuid } from '../../kernel/schemas.js';
import { ciRepository } from './ci.repository.js';
import { readWebhookBody, safeEqual } from './ci.webhooks.js';

/**
 * The receivers of GitHub, GitLab and Argo CD deliveries (decision 864): verified as each system
 * signs them, checked for replays like the CI webhooks, then dispatched by the system's event name to
 * the handlers other modules registered (deployments today; repository events later).
 */
export const RECEIVER_SYSTEMS = ['github', 'gitlab', 'argocd'] as const;
export type ReceiverSystem = (typeof RECEIVER_SYSTEMS)[number];

/** What a handler did with one delivery; `statusCode` is the answer's (202: understood, not applied). */
export interface ReceiverAnswer {
  statusCode: 200 | 201 | 202;
  outcome: string;
  reason: string | null;
  deploymentId: string | null;
}
export type ReceiverHandler = (delivery: { body: Record<string, unknown>; caller: Caller }) => Promise<ReceiverAnswer>;
/** Handlers by system, then by event name (`X-GitHub-Event`, `X-Gitlab-Event`; Argo CD: `notification`). */
export type ReceiverHandlers = { [S in ReceiverSystem]?: Record<string, ReceiverHandler> };

export interface ReceiverSecrets {
  github: string | undefined;
  gitlab: string | undefined;
  argocd: string | undefined;
}
export const RECEIVER_SETTINGS: Record<ReceiverSystem, string> = {
  github: 'GITHUB_WEBHOOK_SECRET',
  gitlab: 'GITLAB_WEBHOOK_TOKEN',
  argocd: 'ARGOCD_WEBHOOK_TOKEN',
};

type Headers = (name: string) => string | undefined;

/**
 * Null when the delivery is authentic, else why not (one line for the 401). GitHub: `X-Hub-Signature-256:
 * sha256=<hex HMAC-SHA256 of the raw body>` checked by Octokit's verifier (constant-time); GitLab: the
 * `X-Gitlab-Token` header; Argo CD: `Authorization: Bearer <token>` (its webhook service's headers).
 */
export async function refusal(
  system: ReceiverSystem,
  secret: string | undefined,
  raw: Buffer,
  header: Headers,
): Promise<string | null> {
  if (!secret) return `${system} deliveries are not accepted: ${RECEIVER_SETTINGS[system]} is not set`;
  if (system === 'github') {
    const signature = header('x-hub-signature-256');
    if (!signature || raw.length === 0) return 'Missing or invalid X-Hub-Signature-256';
    const ok = await verifyGithubSignature(secret, raw.toString('utf8'), signature).catch(() => false);
    return ok ? null : 'Missing or invalid X-Hub-Signature-256';
  }
  if (system === 'gitlab') {
    const token = header('x-gitlab-token');
    return token && safeEqual(token, secret) ? null : 'Missing or invalid X-Gitlab-Token';
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header('authorization') ?? '')?.[1];
  return bearer && safeEqual(bearer, secret) ? null : 'Missing or invalid bearer token';
}

/** The system's name for what happened, which picks the handler. */
export function eventOf(system: ReceiverSystem, header: Headers): string | null {
  if (system === 'github') return header('x-github-event') ?? null;
  if (system === 'gitlab') return header('x-gitlab-event') ?? null;
  return 'notification';
}

/**
 * The delivery's id for replay detection: GitHub's `X-GitHub-Delivery`, GitLab's `Idempotency-Key`
 * (kept across its retries) or `X-Gitlab-Event-UUID`, an `X-Delivery-Id` header otherwise. Without
 * one a delivery is always processed; the deployment's own (source, externalId) keeps it idempotent.
 */
export function receiverDeliveryId(system: ReceiverSystem, header: Headers): string | null {
  const id =
    system === 'github'
      ? header('x-github-delivery')
      : system === 'gitlab'
        ? (header('idempotency-key') ?? header('x-gitlab-event-uuid'))
        : header('x-delivery-id');
  return id && id.length <= 200 ? id : null;
}

export interface ReceiverDeps {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  secrets: ReceiverSecrets;
  handlers: ReceiverHandlers;
  /** The organizations module's check of `?organization=` (decision 864). */
  organizationExists(id: string): Promise<boolean>;
}

export interface Delivery {
  raw: Buffer;
  header: Headers;
  contentType: string | undefined;
  organization: string | undefined;
}

export type ReceiverResult = ReceiverAnswer & { received: true; event: string | null; deliveryId: string | null };

/** Verification first (a 401 wins over any other problem), then one verified delivery from reading to answer. */
export function createReceivers({ db, log, secrets, handlers, organizationExists }: ReceiverDeps) {
  return {
    async verify(system: ReceiverSystem, raw: Buffer, header: Headers): Promise<void> {
      const why = await refusal(system, secrets[system], raw, header);
      if (why) throw new Unauthorized(why);
    },

    /** Reads the organization and replays and dispatches a delivery `verify` accepted. */
    async receive(system: ReceiverSystem, d: Delivery): Promise<ReceiverResult> {
      const body = readWebhookBody(d.raw, d.contentType);
      if (!body)
        throw new Invalid('The webhook body must be a JSON object, or a form with a payload field holding one');
      const organizationId = d.organization?.toLowerCase() ?? null;
      if (organizationId !== null && !(isUuid(organizationId) && (await organizationExists(organizationId)))) {
        throw new NotFound(`Organization ${d.organization!.slice(0, 100)} not found`, [
          { field: 'organization', problem: 'no organization has this id' },
        ]);
      }
      const event = eventOf(system, d.header);
      const deliveryId = receiverDeliveryId(system, d.header);
      const answer = (a: ReceiverAnswer): ReceiverResult => ({ received: true, event, deliveryId, ...a });
      const handler = event ? handlers[system]?.[event] : undefined;
      if (!handler) {
        // GitHub's `ping` when a hook is created, and events nobody handles: understood, nothing to do.
        const reason = event === 'ping' ? null : `${system} event "${event ?? 'unnamed'}" is not handled`;
        return answer({
          statusCode: event === 'ping' ? 200 : 202,
          outcome: event === 'ping' ? 'pong' : 'ignored',
          reason,
          deploymentId: null,
        });
      }
      if (deliveryId && !(await ciRepository.recordDelivery(db, system, deliveryId))) {
        log.info({ system, event }, 'webhook delivery replayed within 24 h; ignored');
        return answer({
          statusCode: 200,
          outcome: 'replayed',
          reason: 'this delivery was already processed',
          deploymentId: null,
        });
      }
      let result: ReceiverAnswer;
      try {
        result = await handler({ body, caller: systemCaller({ organizationId }) });
      } catch (err) {
        // Not processed (the database away…): the sender's retry of this delivery must be processed.
        if (deliveryId) await ciRepository.forgetDelivery(db, system, deliveryId).catch(() => undefined);
        throw err;
      }
      if (result.statusCode === 202)
        log.info({ system, event, outcome: result.outcome, reason: result.reason }, 'webhook delivery not applied');
      return answer(result);
    },
  };
}
