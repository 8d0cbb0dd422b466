import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import type { PermissionsService } from '../permissions/index.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { incidentsRepository } from './incidents.repository.js';
import type { CreatePostMortemBody, UpdatePostMortemBody } from './incidents.schemas.js';
import { postMortemsRepository as repo, type PostMortemRow } from './post-mortems.repository.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';

const normaliseItems = (items: CreatePostMortemBody['actionItems']) =>
  (items ?? []).map((i) => ({
    title: i.title,
    ...(i.assignee !== undefined ? { assignee: i.assignee } : {}),
    done: i.done ?? false,
  }));

/** Post-mortems: written and edited by whoever may change their incident (decision 951). */
export function createPostMortemsService({
  db,
  permissions,
}: {
  db: Database;
  permissions: Pick<PermissionsService, 'require'>;
}) {
  async function mustFind(id: string) {
    const row = await repo.find(db, id);
    if (!row) throw new NotFound('Post-mortem not found');
    return row;
  }

  return {
    async create(caller: Caller, body: CreatePostMortemBody) {
      if (!(await incidentsRepository.exists(db, body.incidentId))) throw new NotFound('Incident not found');
      await permissions.require(caller, 'incident.update', body.incidentId);
      if (await repo.findByIncident(db, body.incidentId)) throw new Conflict('This incident already has a post-mortem');
      try {
        return await repo.insert(db, {
          incidentId: body.incidentId,
          rootCause: body.rootCause,
          contributingFactors: body.contributingFactors ?? [],
          actionItems: normaliseItems(body.actionItems),
          body: body.body ?? null,
          createdBy: caller.actor.userId,
        });
      } catch (err) {
        // Two concurrent creates: the unique index decides.
        if (isUniqueViolation(err)) throw new Conflict('This incident already has a post-mortem');
        throw err;
      }
    },

    async get(_caller: Caller, id: string) {
      return mustFind(id);
    },

    async getByIncident(_caller: Caller, incidentId: string) {
      const row = await repo.findByIncident(db, incidentId);
      if (!row) throw new NotFound('No post-mortem for this incident');
      return row;
    },

    async update(caller: Caller, id: string, body: UpdatePostMortemBody) {
      const current = await mustFind(id);
      await permissions.require(caller, 'incident.update', current.incidentId);
      if (
        body.incidentId !== undefined &&
        (typeof body.incidentId !== 'string' || body.incidentId.toLowerCase() !== current.incidentId)
      ) {
        throw new Invalid('incidentId of a post-mortem cannot be changed', [
          { field: 'incidentId', problem: 'cannot be changed' },
        ]);
      }
      const values: Partial<PostMortemRow> = {};
      if (body.rootCause !== undefined) values.rootCause = body.rootCause;
      if (body.contributingFactors !== undefined) values.contributingFactors = body.contributingFactors;
      if (body.actionItems !== undefined) values.actionItems = normaliseItems(body.actionItems);
      if (body.body !== undefined) values.body = body.body;
      const row = await repo.update(db, id, values);
      if (!row) throw new NotFound('Post-mortem not found');
      return row;
    },

    async approve(caller: Caller, id: string) {
      const row = await repo.update(db, id, { approvedBy: caller.actor.userId, approvedAt: new Date() });
      if (!row) throw new NotFound('Post-mortem not found');
      return row;
    },
  };
}

export type PostMortemsService = ReturnType<typeof createPostMortemsService>;
