import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import type { AuthService } from '../auth/index.js';
import { catalogLookup } from '../catalog/index.js';
import { deploymentsLookup } from '../deployments/index.js';
import { environmentsLookup } from '../environments/index.js';
import { incidentsRepository as repo, type IncidentRow } from './incidents.repository.js';
import type { TimelineEntry, UpdateIncidentBody } from './incidents.schemas.js';

// What the incidents' verbs check and read around a write (decision 1170): cut out of createIncidentsService.

type Entry = Awaited<ReturnType<typeof repo.timeline>>[number];
export const toEntry = (e: Entry): TimelineEntry => e;

/** Checks that a named user exists; `field` names the body's field in the error. */
export function userChecker(auth: Pick<AuthService, 'existingUserIds'>) {
  return async function checkUser(field: string, userId: string) {
    const found = await auth.existingUserIds([userId]);
    if (!found.includes(userId.toLowerCase()))
      throw new Invalid(`${field}: user ${userId} does not exist`, [
        { field, problem: `user ${userId} does not exist` },
      ]);
  };
}

export async function checkAffected(
  tx: Executor,
  componentIds: string[] | undefined,
  environmentIds: string[] | undefined,
) {
  if (componentIds?.length) {
    const found = await catalogLookup.existingComponentIds(tx, componentIds);
    const missing = componentIds.find((id) => !found.has(id));
    if (missing)
      throw new Invalid(`affectedComponentIds: component ${missing} does not exist`, [
        { field: 'affectedComponentIds', problem: `component ${missing} does not exist` },
      ]);
  }
  if (environmentIds?.length) {
    const found = await environmentsLookup.existingEnvironmentIds(tx, environmentIds);
    const missing = environmentIds.find((id) => !found.has(id));
    if (missing)
      throw new Invalid(`affectedEnvironmentIds: environment ${missing} does not exist`, [
        { field: 'affectedEnvironmentIds', problem: `environment ${missing} does not exist` },
      ]);
  }
}

/**
 * The deployment named as the cause must exist in the caller's organization (decision 569); one in
 * another organization is answered as missing, so its existence is not revealed.
 */
/** The causing deployment's component, once checked to be the caller's organization's. */
export async function checkCause(
  tx: Executor,
  caller: Caller,
  deploymentId: string | null | undefined,
): Promise<string | undefined> {
  if (!deploymentId) return undefined;
  const found = await deploymentsLookup.organizationOf(tx, deploymentId);
  if (!found || found.organizationId !== caller.organizationId) {
    const problem = `deployment ${deploymentId} does not exist${caller.organizationId ? ' in this organization' : ' outside an organization'}`;
    throw new Invalid(`causedByDeploymentId: ${problem}`, [{ field: 'causedByDeploymentId', problem }]);
  }
  return found.componentId;
}

/** The components whose facts this incident touches: those it affects and its causing deployment's. */
export async function touchedComponents(ex: Executor, row: IncidentRow): Promise<string[]> {
  const ids = [...(await repo.affectedIds(ex, [row.id])).get(row.id)!.componentIds];
  if (row.causedByDeploymentId) {
    const cause = await deploymentsLookup.organizationOf(ex, row.causedByDeploymentId);
    if (cause) ids.push(cause.componentId);
  }
  return ids;
}

export async function incidentDetail(ex: Executor, row: IncidentRow) {
  // One after the other: `ex` may be a transaction, whose single connection runs one query at a time.
  const ids = await repo.affectedIds(ex, [row.id]);
  const names = await repo.affectedDetails(ex, row.id);
  const timeline = await repo.timeline(ex, row.id);
  const affected = ids.get(row.id)!;
  return {
    ...row,
    affectedComponentIds: affected.componentIds,
    affectedEnvironmentIds: affected.environmentIds,
    affectedComponents: names.components,
    affectedEnvironments: names.environments,
    updates: timeline.map(toEntry),
  };
}

export async function mustFindIncident(ex: Executor, id: string) {
  const row = await repo.find(ex, id);
  if (!row) throw new NotFound('Incident not found');
  return row;
}

/** The columns a PATCH sets: only the fields the body names. */
export function changedColumns(body: UpdateIncidentBody): Partial<IncidentRow> {
  const values: Partial<IncidentRow> = {};
  if (body.causedByDeploymentId !== undefined)
    values.causedByDeploymentId = body.causedByDeploymentId?.toLowerCase() ?? null;
  if (body.title !== undefined) values.title = body.title;
  if (body.severity !== undefined) values.severity = body.severity;
  if (body.description !== undefined) values.description = body.description;
  if (body.commanderUserId !== undefined) values.commanderUserId = body.commanderUserId?.toLowerCase() ?? null;
  return values;
}
