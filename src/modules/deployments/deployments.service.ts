import type { Database, Executor } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { applyDeploymentEvent, resolveComponent, resolveEnvironment, type EventOutcome } from './deployments.events.js';
import { recordDeployment, updateDeploymentStatus, type RecordDeploymentInput } from './deployments.record.js';
import { deploymentsRepository as repo } from './deployments.repository.js';
import type { DeploymentRow } from './deployments.repository.js';
import type { DeploymentEventBody, DeploymentListQuery, DeploymentStatus } from './deployments.schemas.js';
import { recordWebhookDeployment, type WebhookOutcome } from './deployments.receive.js';
import type { WebhookDeployment } from './deployments.webhooks.js';

declare module '../../infra/events.js' {
  interface EventMap {
    'deployment.created': DeploymentRow;
    'deployment.updated': DeploymentRow;
  }
}

/** How a deployment's `deployedBy` gets a name: the auth service's `findUser`, handed in by the wiring. */
export interface DeploymentUsers {
  findUser(userId: string): Promise<{ username: string } | undefined>;
}

export interface DeploymentsServiceDeps {
  db: Database;
  /** Optional for tests that only read: each write is announced to the caller's organization (decision 701). */
  events?: EventPublisher;
  /** Optional: without it a deployment's detail names nobody. */
  users?: DeploymentUsers;
}

export function createDeploymentsService({ db, events, users }: DeploymentsServiceDeps) {
  const announce = (name: 'deployment.created' | 'deployment.updated', caller: Caller, row: DeploymentRow) => {
    events?.emit(name, row, { organizationId: caller.organizationId });
    return row;
  };
  /** After an event's transaction commits: its announcement (DORA hears a settled one on the bus: decision 920). */
  const reported = (caller: Caller, outcome: EventOutcome, row: DeploymentRow) => {
    if (outcome !== 'unchanged')
      announce(outcome === 'created' ? 'deployment.created' : 'deployment.updated', caller, row);
  };
  return {
    async list(_caller: Caller, q: DeploymentListQuery) {
      const { data, total } = await repo.list(
        db,
        { componentId: q.componentId, environmentId: q.environmentId, status: q.status },
        q.skip,
        q.take,
      );
      return pageOf(data, total, q);
    },
    async get(_caller: Caller, id: string) {
      const row = await repo.findDetail(db, id);
      if (!row) throw new NotFound('Deployment not found');
      const { deployment, pipelineId, pipelineName, commitSha } = row;
      const user = deployment.deployedBy && users ? await users.findUser(deployment.deployedBy) : undefined;
      return { ...deployment, pipelineId, pipelineName, commitSha, deployedByUsername: user?.username ?? null };
    },
    /** The write verbs other modules use (pipelines' deploy stage); `ex` lets them write inside their own transaction. */
    async record(caller: Caller, input: RecordDeploymentInput, ex: Executor = db) {
      return announce('deployment.created', caller, await recordDeployment(ex, input));
    },
    async setStatus(caller: Caller, id: string, status: DeploymentStatus, ex: Executor = db) {
      return announce('deployment.updated', caller, await updateDeploymentStatus(ex, id, status));
    },

    /**
     * `POST /api/v1/deployments/events` (decision 860): creates the deployment of a new (source,
     * externalId) in the caller's organization, or moves it forward; 404 names an unknown component
     * or environment, 409 a backward move.
     */
    async recordEvent(
      caller: Caller,
      body: DeploymentEventBody,
    ): Promise<{ outcome: EventOutcome; deployment: DeploymentRow }> {
      const componentId = await resolveComponent(db, body.component);
      const environmentId = await resolveEnvironment(db, body.environment);
      const { component: _c, environment: _e, ...rest } = body;
      const deployedBy = caller.actor.kind === 'user' ? caller.actor.userId : null;
      const result = await applyDeploymentEvent(db, caller.organizationId, {
        ...rest,
        componentId,
        environmentId,
        deployedBy,
      });
      reported(caller, result.outcome, result.deployment);
      return result;
    },

    /** A deployment read from a GitHub, GitLab or Argo CD delivery (decision 862); never throws for what the sender cannot fix. */
    async recordWebhook(caller: Caller, reading: WebhookDeployment): Promise<WebhookOutcome> {
      const result = await recordWebhookDeployment(db, caller.organizationId, reading);
      if (result.deployment) reported(caller, result.outcome as EventOutcome, result.deployment);
      return result;
    },
  };
}
export type DeploymentsService = ReturnType<typeof createDeploymentsService>;
