import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import { environmentsRepository as repo, type EnvironmentRow } from './environments.repository.js';
import type { CreateEnvironmentBody, UpdateEnvironmentBody } from './environments.schemas.js';

export function createEnvironmentsService({ db }: { db: Database }) {
  return {
    async list(_caller: Caller, q: PageQuery) {
      const { data, total } = await repo.list(db, q.skip, q.take);
      return pageOf(data, total, q);
    },

    async get(_caller: Caller, id: string) {
      const env = await repo.findById(db, id);
      if (!env) throw new NotFound('Environment not found');
      return env;
    },

    async create(_caller: Caller, body: CreateEnvironmentBody) {
      return repo.insert(db, {
        name: body.name,
        description: body.description ?? null,
        type: body.type ?? 'development',
        order: body.order ?? 0,
        metadata: body.metadata ?? {},
      });
    },

    async update(_caller: Caller, id: string, body: UpdateEnvironmentBody) {
      const values: Partial<EnvironmentRow> = {};
      for (const key of ['name', 'description', 'type', 'order', 'metadata'] as const) {
        if (body[key] !== undefined) (values as Record<string, unknown>)[key] = body[key];
      }
      if (body.metadata === null) values.metadata = {};
      const env = Object.keys(values).length ? await repo.update(db, id, values) : await repo.findById(db, id);
      if (!env) throw new NotFound('Environment not found');
      return env;
    },

    async remove(_caller: Caller, id: string) {
      if (!(await repo.delete(db, id))) throw new NotFound('Environment not found');
    },
  };
}

export type EnvironmentsService = ReturnType<typeof createEnvironmentsService>;
