import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { environmentsLookup } from '../environments/index.js';
import { applyDeploymentEvent } from './deployments.events.js';
import type { DeploymentRow } from './deployments.repository.js';
import {
  readArgocdNotification,
  readGithubDeploymentStatus,
  readGitlabDeployment,
  type WebhookDeployment,
  type WebhookReading,
} from './deployments.webhooks.js';

/**
 * What a verified delivery did (decision 862). A sender cannot fix an unknown repository, an
 * environment Hangar does not have, or a status that arrived out of order, so those are 202 with the
 * reason (and logged by the receiver), never an error GitHub or GitLab would retry or flag.
 */
export interface WebhookOutcome {
  statusCode: 200 | 201 | 202;
  outcome:
    'created' | 'moved' | 'unchanged' | 'unknown_entity' | 'ambiguous_entity' | 'unknown_environment' | 'refused';
  reason: string | null;
  deployment: DeploymentRow | null;
}

const notApplied = (outcome: WebhookOutcome['outcome'], reason: string): WebhookOutcome => ({
  statusCode: 202,
  outcome,
  reason,
  deployment: null,
});

/** The entity a delivery is about: the one annotated with its repository or application (a Component first). */
async function entityOf(db: Database, r: WebhookDeployment): Promise<{ id: string } | WebhookOutcome> {
  const rows = await catalogLookup.findByAnnotation(db, r.annotation, r.key);
  if (rows.length === 0)
    return notApplied('unknown_entity', `no catalog entity is annotated ${r.annotation}: ${r.key}`);
  if (r.component) {
    const want = r.component.includes(':')
      ? r.component.toLowerCase()
      : `component:default/${r.component}`.toLowerCase();
    const named = rows.find((e) => e.ref.toLowerCase() === want || e.id === r.component);
    return (
      named ??
      notApplied('unknown_entity', `${r.component} is not among the entities annotated ${r.annotation}: ${r.key}`)
    );
  }
  const components = rows.filter((e) => e.entityKind === 'Component');
  const candidates = components.length ? components : rows;
  if (candidates.length === 1) return candidates[0]!;
  return notApplied(
    'ambiguous_entity',
    `${candidates.length} entities are annotated ${r.annotation}: ${r.key} (${candidates
      .slice(0, 5)
      .map((e) => e.ref)
      .join(', ')}); name one in the deployment (component)`,
  );
}

export async function recordWebhookDeployment(
  db: Database,
  organizationId: string | null,
  r: WebhookDeployment,
): Promise<WebhookOutcome> {
  const entity = await entityOf(db, r);
  if ('outcome' in entity) return entity;
  const envs = await environmentsLookup.findEnvironmentsByName(db, r.environment);
  if (envs.length === 0) return notApplied('unknown_environment', `no Hangar environment is named "${r.environment}"`);
  if (envs.length > 1)
    return notApplied('unknown_environment', `${envs.length} Hangar environments are named "${r.environment}"`);
  try {
    const { outcome, deployment } = await applyDeploymentEvent(db, organizationId, {
      source: r.source,
      externalId: r.externalId,
      componentId: entity.id,
      environmentId: envs[0]!.id,
      status: r.status,
      version: r.version,
      revision: r.revision,
      url: r.url,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    });
    return { statusCode: outcome === 'created' ? 201 : 200, outcome, reason: null, deployment };
  } catch (err) {
    // A backward move (a late `pending` after `success`), a component or environment deleted meanwhile,
    // a time in the future: reported, not retried.
    if (err instanceof Conflict || err instanceof NotFound || err instanceof Invalid)
      return notApplied('refused', err.message);
    throw err;
  }
}

/** A receiver's answer to one delivery (the shape the ci module's receivers expect of a handler). */
export interface ReceiverAnswer {
  statusCode: 200 | 201 | 202;
  outcome: string;
  reason: string | null;
  deploymentId: string | null;
}
type Delivery = { body: Record<string, unknown>; caller: Caller };

/**
 * The deployment handlers of the GitHub, GitLab and Argo CD receivers, by system and event name
 * (`X-GitHub-Event`, `X-Gitlab-Event`; Argo CD sends one kind). The wiring hands them to the ci
 * module, which verifies, checks replays and dispatches; other modules add their events beside these.
 */
export function deploymentReceivers(service: {
  recordWebhook(caller: Caller, r: WebhookDeployment): Promise<WebhookOutcome>;
}) {
  const handle =
    (read: (body: Record<string, unknown>) => WebhookReading) =>
    async ({ body, caller }: Delivery): Promise<ReceiverAnswer> => {
      const reading = read(body);
      if (!reading.ok) return { statusCode: 202, outcome: 'ignored', reason: reading.reason, deploymentId: null };
      const r = await service.recordWebhook(caller, reading.deployment);
      return { statusCode: r.statusCode, outcome: r.outcome, reason: r.reason, deploymentId: r.deployment?.id ?? null };
    };
  return {
    github: { deployment_status: handle(readGithubDeploymentStatus) },
    gitlab: { 'Deployment Hook': handle(readGitlabDeployment) },
    argocd: { notification: handle(readArgocdNotification) },
  };
}
