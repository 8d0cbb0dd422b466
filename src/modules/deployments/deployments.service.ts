import type { Database, Executor } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { recordDeployment, updateDeploymentStatus, type RecordDeploymentInput } from './deployments.record.js';
import { deploymentsRepository as repo } from './deployments.repository.js';
import type { DeploymentRow } from './deployments.repository.js';
import type { DeploymentListQuery, DeploymentStatus } from './deployments.schemas.js';

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

/**
 * `events` (optional for tests that only read): each write is announced to the caller's
 * organization (decision 701), so an open deployments feed follows without reload. `users`
 * (optional): without it a deployment's detail names nobody.
 */
export function createDeploymentsService({ db, events, users }: { db: Database; events?: EventPublisher; users?: DeploymentUsers }) {
  const announce = (name: 'deployment.created' | 'deployment.updated', caller: Caller, row: DeploymentRow) => {
    events?.emit(name, row, { organizationId: caller.organizationId });
    return row;
  };
  return {
    async list(_caller: Caller, q: DeploymentListQuery) {
      const { data, total } = await repo.list(db, { componentId: q.componentId, environmentId: q.environmentId, status: q.status }, q.skip, q.take);
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
  };
}
export type DeploymentsService = ReturnType<typeof createDeploymentsService>;
