import type { Database, Executor } from '../../db/client.js';
import { factsChangedOn, type EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden, Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import type { AuthService } from '../auth/index.js';
import type { PermissionsService } from '../permissions/index.js';
import { catalogLookup } from '../catalog/index.js';
import { deploymentsLookup } from '../deployments/index.js';
import { environmentsLookup } from '../environments/index.js';
import './incidents.events.js';
import { incidentsRepository as repo, type IncidentRow } from './incidents.repository.js';
import { transitionProblem, uniqueIds } from './incidents.rules.js';
import type {
  AddUpdateBody,
  CreateIncidentBody,
  IncidentListQuery,
  IncidentStatus,
  StatusBody,
  TimelineEntry,
  UpdateIncidentBody,
} from './incidents.schemas.js';

export interface IncidentsServiceDeps {
  db: Database;
  events: EventPublisher;
  auth: Pick<AuthService, 'existingUserIds'>;
  /** The permission policy: the commander and the affected components' teams resolve and edit (decision 951). */
  permissions: Pick<PermissionsService, 'require'>;
}

type Entry = Awaited<ReturnType<typeof repo.timeline>>[number];
const toEntry = (e: Entry): TimelineEntry => e;

export function createIncidentsService({ db, events, auth, permissions }: IncidentsServiceDeps) {
  /**
   * After commit, the components whose facts an edit or a delete changed (open incidents by severity, and
   * through `causedByDeploymentId` the DORA failure rate of the deployment's component), for the scorecards
   * (decision 550). Creation and status moves reach them through their own events.
   */
  const factsChanged = factsChangedOn(events);
  async function checkUser(field: string, userId: string) {
    const found = await auth.existingUserIds([userId]);
    if (!found.includes(userId.toLowerCase()))
      throw new Invalid(`${field}: user ${userId} does not exist`, [{ field, problem: `user ${userId} does not exist` }]);
  }

  async function checkAffected(tx: Executor, componentIds: string[] | undefined, environmentIds: string[] | undefined) {
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
  async function checkCause(tx: Executor, caller: Caller, deploymentId: string | null | undefined): Promise<string | undefined> {
    if (!deploymentId) return undefined;
    const found = await deploymentsLookup.organizationOf(tx, deploymentId);
    if (!found || found.organizationId !== caller.organizationId) {
      const problem = `deployment ${deploymentId} does not exist${caller.organizationId ? ' in this organization' : ' outside an organization'}`;
      throw new Invalid(`causedByDeploymentId: ${problem}`, [{ field: 'causedByDeploymentId', problem }]);
    }
    return found.componentId;
  }

  /** The components whose facts this incident touches: those it affects and its causing deployment's. */
  async function touched(ex: Executor, row: IncidentRow): Promise<string[]> {
    const ids = [...(await repo.affectedIds(ex, [row.id])).get(row.id)!.componentIds];
    if (row.causedByDeploymentId) {
      const cause = await deploymentsLookup.organizationOf(ex, row.causedByDeploymentId);
      if (cause) ids.push(cause.componentId);
    }
    return ids;
  }

  async function detail(ex: Executor, row: IncidentRow) {
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

  async function mustFind(id: string) {
    const row = await repo.find(db, id);
    if (!row) throw new NotFound('Incident not found');
    return row;
  }

  return {
    async list(_caller: Caller, q: IncidentListQuery) {
      const { data, total } = await repo.list(db, q);
      const affected = await repo.affectedIds(
        db,
        data.map((r) => r.id),
      );
      const items = data.map((r) => ({
        ...r,
        affectedComponentIds: affected.get(r.id)!.componentIds,
        affectedEnvironmentIds: affected.get(r.id)!.environmentIds,
      }));
      return pageOf(items, total, q);
    },

    async get(_caller: Caller, id: string) {
      return detail(db, await mustFind(id));
    },

    async create(caller: Caller, body: CreateIncidentBody) {
      const { actor } = caller;
      const componentIds = uniqueIds(body.affectedComponentIds);
      const environmentIds = uniqueIds(body.affectedEnvironmentIds);
      if (body.commanderUserId) await checkUser('commanderUserId', body.commanderUserId);
      const result = await db.transaction(async (tx) => {
        await checkAffected(tx, componentIds, environmentIds);
        await checkCause(tx, caller, body.causedByDeploymentId);
        const row = await repo.insert(tx, {
          title: body.title,
          severity: body.severity,
          status: 'open',
          description: body.description ?? null,
          commanderUserId: body.commanderUserId?.toLowerCase() ?? null,
          causedByDeploymentId: body.causedByDeploymentId?.toLowerCase() ?? null,
          createdBy: actor.userId,
        });
        await repo.setComponents(tx, row.id, componentIds);
        await repo.setEnvironments(tx, row.id, environmentIds);
        // Creation is the first timeline entry (decision 606).
        await repo.insertEntry(tx, {
          incidentId: row.id,
          message: `Incident created: ${row.title}`,
          authorId: actor.userId,
          type: 'created',
          toStatus: 'open',
        });
        return detail(tx, row);
      });
      events.emit('INCIDENT_CREATED', { incidentId: result.id, title: result.title, severity: result.severity });
      return result;
    },

    async update(caller: Caller, id: string, body: UpdateIncidentBody) {
      const componentIds = body.affectedComponentIds && uniqueIds(body.affectedComponentIds);
      const environmentIds = body.affectedEnvironmentIds && uniqueIds(body.affectedEnvironmentIds);
      const current = await mustFind(id);
      await permissions.require(caller, 'incident.update', id);
      // A client sending back the whole record repeats the current status: harmless. A different one is
      // a move, which goes through /status (transition table, timeline entry, event).
      if (body.status !== undefined && body.status !== current.status) {
        throw new Invalid('status cannot be changed with PATCH /api/v1/incidents/:id; use PATCH /api/v1/incidents/:id/status', [
          { field: 'status', problem: 'use PATCH /api/v1/incidents/:id/status' },
        ]);
      }
      if (body.commanderUserId) await checkUser('commanderUserId', body.commanderUserId);
      const before = await touched(db, current);
      const result = await db.transaction(async (tx) => {
        await checkAffected(tx, componentIds, environmentIds);
        await checkCause(tx, caller, body.causedByDeploymentId);
        const values: Partial<IncidentRow> = {};
        if (body.causedByDeploymentId !== undefined) values.causedByDeploymentId = body.causedByDeploymentId?.toLowerCase() ?? null;
        if (body.title !== undefined) values.title = body.title;
        if (body.severity !== undefined) values.severity = body.severity;
        if (body.description !== undefined) values.description = body.description;
        if (body.commanderUserId !== undefined) values.commanderUserId = body.commanderUserId?.toLowerCase() ?? null;
        const row = await repo.update(tx, id, values);
        if (!row) throw new NotFound('Incident not found');
        if (componentIds) await repo.setComponents(tx, id, componentIds);
        if (environmentIds) await repo.setEnvironments(tx, id, environmentIds);
        return { view: await detail(tx, row), after: await touched(tx, row) };
      });
      events.emit('incident.updated', { incidentId: id });
      factsChanged([...before, ...result.after]);
      return result.view;
    },

    async changeStatus(caller: Caller, id: string, body: StatusBody) {
      const { actor } = caller;
      // Asked before the transaction: PGlite's one connection is held by it.
      await permissions.require(caller, 'incident.update', id);
      const { result, previousStatus } = await db.transaction(async (tx) => {
        // Row lock: two concurrent moves cannot both start from the same status.
        const current = await repo.find(tx, id, { forUpdate: true });
        if (!current) throw new NotFound('Incident not found');
        const from: IncidentStatus = current.status;
        const problem = transitionProblem(from, body.status);
        if (problem) throw new Invalid(problem, [{ field: 'status', problem }]);
        const row = await repo.update(tx, id, { status: body.status, resolvedAt: body.status === 'resolved' ? new Date() : current.resolvedAt });
        await repo.insertEntry(tx, {
          incidentId: id,
          message: body.message ?? `Status changed from ${from} to ${body.status}`,
          authorId: actor.userId,
          type: 'status_change',
          fromStatus: from,
          toStatus: body.status,
        });
        return { result: await detail(tx, row!), previousStatus: from };
      });
      events.emit('INCIDENT_STATUS_CHANGED', { incidentId: id, previousStatus, newStatus: body.status, updatedBy: actor.userId });
      return result;
    },

    async remove(_caller: Caller, id: string) {
      const current = await repo.find(db, id);
      const before = current ? await touched(db, current) : [];
      if (!(await repo.delete(db, id))) throw new NotFound('Incident not found');
      events.emit('incident.deleted', { incidentId: id });
      factsChanged(before);
    },

    async addUpdate(caller: Caller, id: string, body: AddUpdateBody) {
      const { actor } = caller;
      if (!(await repo.exists(db, id))) throw new NotFound('Incident not found');
      const authorId = body.authorId?.toLowerCase() ?? actor.userId;
      if (authorId !== actor.userId) {
        if (!actor.isAdmin) throw new Forbidden('Only an admin may post an update on behalf of another user');
        await checkUser('authorId', authorId);
      }
      const entryId = await repo.insertEntry(db, { incidentId: id, message: body.message, authorId, type: 'update' });
      // So open timelines grow live (decision 744).
      events.emit('incident.update.created', { incidentId: id, id: entryId });
      return toEntry((await repo.findEntry(db, entryId))!);
    },

    async timeline(_caller: Caller, id: string) {
      if (!(await repo.exists(db, id))) throw new NotFound('Incident not found');
      return (await repo.timeline(db, id)).map(toEntry);
    },
  };
}

export type IncidentsService = ReturnType<typeof createIncidentsService>;
