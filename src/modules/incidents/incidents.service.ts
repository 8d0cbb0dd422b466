import type { Database } from '../../db/client.js';
import { factsChangedOn, type EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden, Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import type { AuthService } from '../auth/index.js';
import type { PermissionsService } from '../permissions/index.js';
import './incidents.events.js';
import {
  changedColumns,
  checkAffected,
  checkCause,
  incidentDetail as detail,
  mustFindIncident,
  toEntry,
  touchedComponents as touched,
  userChecker,
} from './incidents.checks.js';
import { incidentsRepository as repo } from './incidents.repository.js';
import { transitionProblem, uniqueIds } from './incidents.rules.js';
import type {
  AddUpdateBody,
  CreateIncidentBody,
  IncidentListQuery,
  IncidentStatus,
  StatusBody,
  UpdateIncidentBody,
} from './incidents.schemas.js';

export interface IncidentsServiceDeps {
  db: Database;
  events: EventPublisher;
  auth: Pick<AuthService, 'existingUserIds'>;
  /** The permission policy: the commander and the affected components' teams resolve and edit (decision 951). */
  permissions: Pick<PermissionsService, 'require'>;
}

/** The incidents service: its verbs in three groups (reads, record writes, timeline moves; decision 1170). */
export function createIncidentsService(deps: IncidentsServiceDeps) {
  return { ...incidentReads(deps), ...incidentRecordWrites(deps), ...incidentTimelineVerbs(deps) };
}

function incidentReads({ db }: IncidentsServiceDeps) {
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
      return detail(db, await mustFindIncident(db, id));
    },

    async timeline(_caller: Caller, id: string) {
      if (!(await repo.exists(db, id))) throw new NotFound('Incident not found');
      return (await repo.timeline(db, id)).map(toEntry);
    },
  };
}

function incidentRecordWrites({ db, events, auth, permissions }: IncidentsServiceDeps) {
  /**
   * After commit, the components whose facts an edit or a delete changed (open incidents by severity, and
   * through `causedByDeploymentId` the DORA failure rate of the deployment's component), for the scorecards
   * (decision 550). Creation and status moves reach them through their own events.
   */
  const factsChanged = factsChangedOn(events);
  const checkUser = userChecker(auth);
  return {
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
      const current = await mustFindIncident(db, id);
      await permissions.require(caller, 'incident.update', id);
      // A client sending back the whole record repeats the current status: harmless. A different one is
      // a move, which goes through /status (transition table, timeline entry, event).
      if (body.status !== undefined && body.status !== current.status) {
        throw new Invalid(
          'status cannot be changed with PATCH /api/v1/incidents/:id; use PATCH /api/v1/incidents/:id/status',
          [{ field: 'status', problem: 'use PATCH /api/v1/incidents/:id/status' }],
        );
      }
      if (body.commanderUserId) await checkUser('commanderUserId', body.commanderUserId);
      const before = await touched(db, current);
      const result = await db.transaction(async (tx) => {
        await checkAffected(tx, componentIds, environmentIds);
        await checkCause(tx, caller, body.causedByDeploymentId);
        const row = await repo.update(tx, id, changedColumns(body));
        if (!row) throw new NotFound('Incident not found');
        if (componentIds) await repo.setComponents(tx, id, componentIds);
        if (environmentIds) await repo.setEnvironments(tx, id, environmentIds);
        return { view: await detail(tx, row), after: await touched(tx, row) };
      });
      events.emit('incident.updated', { incidentId: id });
      factsChanged([...before, ...result.after]);
      return result.view;
    },

    async remove(_caller: Caller, id: string) {
      const current = await repo.find(db, id);
      const before = current ? await touched(db, current) : [];
      if (!(await repo.delete(db, id))) throw new NotFound('Incident not found');
      events.emit('incident.deleted', { incidentId: id });
      factsChanged(before);
    },
  };
}

function incidentTimelineVerbs({ db, events, auth, permissions }: IncidentsServiceDeps) {
  const checkUser = userChecker(auth);
  return {
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
        const row = await repo.update(tx, id, {
          status: body.status,
          resolvedAt: body.status === 'resolved' ? new Date() : current.resolvedAt,
        });
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
      events.emit('INCIDENT_STATUS_CHANGED', {
        incidentId: id,
        previousStatus,
        newStatus: body.status,
        updatedBy: actor.userId,
      });
      return result;
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
  };
}

export type IncidentsService = ReturnType<typeof createIncidentsService>;
