import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { recordDeployment, updateDeploymentStatus, type RecordDeploymentInput } from './deployments.record.js';
import { deploymentsRepository as repo } from './deployments.repository.js';
import type { DeploymentListQuery, DeploymentStatus } from './deployments.schemas.js';

export function createDeploymentsService({ db }: { db: Database }) {
  return {
    async list(_caller: Caller, q: DeploymentListQuery) {
      const { data, total } = await repo.list(db, { componentId: q.componentId, environmentId: q.environmentId, status: q.status }, q.skip, q.take);
      return pageOf(data, total, q);
    },
    async get(_caller: Caller, id: string) {
      const row = await repo.findById(db, id);
      if (!row) throw new NotFound('Deployment not found');
      return row;
    },
    /** The write verbs other modules use (pipelines' deploy stage); `ex` lets them write inside their own transaction. */
    async record(_caller: Caller, input: RecordDeploymentInput, ex: Executor = db) {
      return recordDeployment(ex, input);
    },
    async setStatus(_caller: Caller, id: string, status: DeploymentStatus, ex: Executor = db) {
      return updateDeploymentStatus(ex, id, status);
    },
  };
}
export type DeploymentsService = ReturnType<typeof createDeploymentsService>;
