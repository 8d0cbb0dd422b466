import type { Database } from '../../db/client.js';
import { NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { deploymentsRepository as repo } from './deployments.repository.js';
import type { DeploymentListQuery } from './deployments.schemas.js';

export function createDeploymentsService({ db }: { db: Database }) {
  return {
    async list(q: DeploymentListQuery) {
      const { data, total } = await repo.list(db, { componentId: q.componentId, environmentId: q.environmentId, status: q.status }, q.skip, q.take);
      return pageOf(data, total, q);
    },
    async get(id: string) {
      const row = await repo.findById(db, id);
      if (!row) throw new NotFound('Deployment not found');
      return row;
    },
  };
}
export type DeploymentsService = ReturnType<typeof createDeploymentsService>;
