import { rm } from 'node:fs/promises';
import type { Caller } from '../../kernel/caller.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../kernel/db-errors.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../kernel/errors.js';
import type { Database } from '../../db/client.js';
import { resolveOrganizationContext } from '../organizations/index.js';
import { visiblePipeline } from './pipelines.access.js';
import { workDirOf, type PipelinesDeps } from './pipelines.run-claim.js';
import { PIPELINE_RUN_JOB } from './pipelines.jobs.js';
import { pipelinesRepository as repo, type PipelineRow } from './pipelines.repository.js';
import type { CreatePipelineBody, PipelineListQuery, UpdatePipelineBody } from './pipelines.schemas.js';
import { hasPrivilegedStage, normaliseStages } from './pipelines.stages.js';

// Pipeline definitions' checks, then their verbs in two groups (decision 1170: cut out of createPipelinesService).

function assertMayHoldCommands(caller: Caller, stages: unknown[] | undefined) {
  if (hasPrivilegedStage(stages) && !caller.actor.isAdmin) {
    throw new Forbidden(
      'Only admins may create or change pipelines with script or build stages (they run commands on the server)',
    );
  }
}

/** An organization named in a body or query: the caller must be a member (admins: it must exist), as for the header. */
async function assertOrganization(db: Database, caller: Caller, id: string | null | undefined) {
  if (id && id !== caller.organizationId) await resolveOrganizationContext(db, caller.actor, id);
}

async function assertNameFree(db: Database, name: string, exceptId?: string) {
  if (await repo.nameTaken(db, name, exceptId)) throw new Conflict(`A pipeline named "${name}" already exists`);
}

/** The name trimmed, once it holds 2 characters or more. */
function checkedName(raw: string) {
  const name = raw.trim();
  if (name.length < 2)
    throw new Invalid('name must be 2 to 100 characters', [{ field: 'name', problem: 'must be 2 to 100 characters' }]);
  return name;
}

async function write<T>(fn: () => Promise<T>, name: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(`A pipeline named "${name}" already exists`);
    if (isForeignKeyViolation(err))
      throw new Invalid('componentId names no catalog entity', [{ field: 'componentId', problem: 'no such entity' }]);
    throw err;
  }
}

/** Pipeline definitions: CRUD with the rules of decisions 202 and 610. */
export function createPipelinesService(ctx: PipelinesDeps) {
  return { ...pipelineReads(ctx), ...pipelineWrites(ctx) };
}

function pipelineReads({ db }: PipelinesDeps) {
  return {
    /** `organizationId` from the query, else the current organization (X-Organization-Id), else none. */
    async list(caller: Caller, q: PipelineListQuery) {
      await assertOrganization(db, caller, q.organizationId);
      const organizationId = q.organizationId ?? caller.organizationId;
      const search = q.search?.trim() || undefined;
      const { data, total } = await repo.list(db, organizationId, (q.page - 1) * q.limit, q.limit, search);
      return { data, total, page: q.page, limit: q.limit };
    },

    async get(caller: Caller, id: string): Promise<PipelineRow> {
      return visiblePipeline(db, caller, id);
    },
  };
}

function pipelineWrites(ctx: PipelinesDeps) {
  const db = ctx.db;
  return {
    async create(caller: Caller, body: CreatePipelineBody): Promise<PipelineRow> {
      assertMayHoldCommands(caller, body.stages);
      const name = checkedName(body.name);
      const stages = normaliseStages(body.stages ?? []);
      const organizationId = body.organizationId !== undefined ? body.organizationId : caller.organizationId;
      await assertOrganization(db, caller, organizationId);
      const componentId = body.componentId ?? null;
      // A pipeline of an entity is created by its owning team (decision 959); one of no entity by anyone.
      if (componentId) await ctx.permissions.require(caller, 'pipeline.write', componentId, { via: 'entity' });
      await assertNameFree(db, name);
      return write(
        () =>
          repo.insert(db, {
            name,
            description: body.description ?? '',
            stages,
            organizationId,
            componentId,
            createdBy: caller.actor.userId,
          }),
        name,
      );
    },

    async update(caller: Caller, id: string, body: UpdatePipelineBody): Promise<PipelineRow> {
      assertMayHoldCommands(caller, body.stages);
      const existing = await visiblePipeline(db, caller, id);
      await ctx.permissions.require(caller, 'pipeline.write', id);
      const values: Partial<PipelineRow> = {};
      if (body.componentId !== undefined && body.componentId !== existing.componentId) {
        // Moving a pipeline to an entity takes the new owning team's consent too (decision 959).
        if (body.componentId)
          await ctx.permissions.require(caller, 'pipeline.write', body.componentId, { via: 'entity' });
        values.componentId = body.componentId;
      }
      if (body.name !== undefined) {
        const name = checkedName(body.name);
        await assertNameFree(db, name, id);
        values.name = name;
      }
      if (body.description !== undefined) values.description = body.description;
      if (body.stages !== undefined) values.stages = normaliseStages(body.stages);
      if (body.organizationId !== undefined) {
        await assertOrganization(db, caller, body.organizationId);
        values.organizationId = body.organizationId;
      }
      const row = await write(() => repo.update(db, id, values), values.name ?? existing.name);
      if (!row) throw new NotFound('Pipeline not found');
      return row;
    },

    /** Deletes the pipeline and its runs; running runs are stopped first (their commands are killed). */
    async remove(caller: Caller, id: string): Promise<void> {
      await visiblePipeline(db, caller, id);
      await ctx.permissions.require(caller, 'pipeline.write', id);
      const runs = await repo.unfinishedRunsOf(db, id);
      const removed = await repo.remove(db, id);
      if (!removed) throw new NotFound('Pipeline not found');
      // The rows are gone, so the engine's guarded writes stop too; the jobs are cancelled wherever they run.
      await Promise.all(
        runs.map(async (r) => {
          if (r.jobId) await ctx.jobs.cancel(PIPELINE_RUN_JOB, r.jobId).catch(() => false);
          await rm(workDirOf(ctx, r.id), { recursive: true, force: true }).catch(() => {});
        }),
      );
    },
  };
}
export type PipelinesService = ReturnType<typeof createPipelinesService>;
