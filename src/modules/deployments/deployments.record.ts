import type { Executor } from '../../db/client.js';
import { isForeignKeyViolation } from '../../kernel/db-errors.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { deploymentsRepository as repo, type DeploymentRow } from './deployments.repository.js';
import { DEPLOYMENT_STATUSES, type DeploymentStatus } from './deployments.schemas.js';

/**
 * The write side of deployments, behind the service's `record`/`setStatus` verbs (the pipelines
 * module's `deploy` stage calls those; there is no HTTP write endpoint). Takes an Executor so the
 * caller can write inside its own transaction.
 */
export interface RecordDeploymentInput {
  componentId: string;
  environmentId: string;
  version: string;
  status: DeploymentStatus;
  deployedBy?: string | null;
  pipelineRunId?: string | null;
}

function assertStatus(status: string): asserts status is DeploymentStatus {
  if (!(DEPLOYMENT_STATUSES as readonly string[]).includes(status)) {
    throw new Invalid(`Unknown deployment status "${status}"`, [
      { field: 'status', problem: `must be one of: ${DEPLOYMENT_STATUSES.join(', ')}` },
    ]);
  }
}

/** Inserts a deployment; NotFound when the component or environment does not exist. */
export async function recordDeployment(db: Executor, input: RecordDeploymentInput): Promise<DeploymentRow> {
  assertStatus(input.status);
  try {
    return await repo.insert(db, {
      componentId: input.componentId,
      environmentId: input.environmentId,
      version: input.version,
      status: input.status,
      deployedBy: input.deployedBy ?? null,
      pipelineRunId: input.pipelineRunId ?? null,
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new NotFound('Component or environment not found');
    throw err;
  }
}

/** Moves a deployment to `status`; NotFound when it does not exist (e.g. its environment was deleted). */
export async function updateDeploymentStatus(
  db: Executor,
  id: string,
  status: DeploymentStatus,
): Promise<DeploymentRow> {
  assertStatus(status);
  const row = await repo.setStatus(db, id, status);
  if (!row) throw new NotFound('Deployment not found');
  return row;
}
