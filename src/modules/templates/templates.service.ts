import type { Caller } from '../../kernel/caller.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { organizationsLookup } from '../organizations/index.js';
import { BUILTIN_SCHEME, BUILTIN_TEMPLATES } from './templates.builtin.js';
import { requireTemplate, type TemplatesDeps } from './templates.deps.js';
import { assertVariableDefinitions, type VariableDefinition } from './templates.render.js';
import { templatesRepository as repo, type TemplateRow } from './templates.repository.js';
import { scaffoldRequestVerbs } from './templates.requests.js';
import { scaffoldVerbs } from './templates.scaffold.js';
import type { CreateTemplateBody, TemplateListQuery, UpdateTemplateBody, VariableInput } from './templates.schemas.js';

export type { TemplatesDeps } from './templates.deps.js';
export { SCAFFOLD_JOB } from './templates.scaffold.js';

declare module '../../infra/events.js' {
  interface EventMap {
    'scaffold.completed': { id: string; templateId: string; templateName: string; targetRepository: string; renderedFiles: string[] };
    'scaffold.failed': { id: string; templateId: string; templateName: string; targetRepository: string; statusMessage: string };
  }
}

const normaliseVariables = (vars: VariableInput[]): VariableDefinition[] =>
  vars.map((v) => ({
    key: v.key,
    label: v.label ?? v.key,
    description: v.description ?? '',
    default: v.default ?? '',
    required: v.required ?? false,
    ...(v.pattern !== undefined ? { pattern: v.pattern } : {}),
  }));

/** The templates service: the templates themselves, scaffolding, and scaffold requests (decision 1170). */
export function createTemplatesService(ctx: TemplatesDeps) {
  return { ...templateVerbs(ctx), ...scaffoldVerbs(ctx), ...scaffoldRequestVerbs(ctx) };
}

function templateVerbs(ctx: TemplatesDeps) {
  const db = ctx.db;
  const getTemplate = (id: string) => requireTemplate(db, id);

  async function assertNameFree(name: string, exceptId?: string) {
    const existing = await repo.findIdByName(db, name);
    if (existing && existing !== exceptId) throw new Conflict(`A service template named "${name}" already exists`);
  }

  async function assertOrganization(id: string | null | undefined) {
    if (id && !(await organizationsLookup.organizationExists(db, id))) {
      throw new Invalid('organizationId does not name an existing organization', [{ field: 'organizationId', problem: 'does not exist' }]);
    }
  }

  return {
    async seedBuiltins() {
      await repo.upsertBuiltins(
        db,
        BUILTIN_TEMPLATES.map((t) => ({ ...t, repositoryUrl: `${BUILTIN_SCHEME}${t.name}`, isBuiltIn: true, organizationId: null })),
      );
    },

    async list(_caller: Caller, q: TemplateListQuery) {
      const { data, total } = await repo.list(db, q, q.skip, q.take);
      return pageOf(data, total, q);
    },

    async get(_caller: Caller, id: string) {
      return getTemplate(id);
    },

    async create(caller: Caller, body: CreateTemplateBody) {
      await ctx.git.checkUrl(body.repositoryUrl, 'repositoryUrl');
      const variables = normaliseVariables(body.variables ?? []);
      assertVariableDefinitions(variables);
      const organizationId = body.organizationId !== undefined ? body.organizationId : caller.organizationId;
      await assertOrganization(organizationId);
      await assertNameFree(body.name);
      return repo.insert(db, {
        name: body.name,
        description: body.description ?? '',
        language: body.language,
        framework: body.framework,
        tags: body.tags ?? [],
        repositoryUrl: body.repositoryUrl,
        variables,
        isBuiltIn: false,
        organizationId,
      });
    },

    async update(_caller: Caller, id: string, body: UpdateTemplateBody) {
      const current = await getTemplate(id);
      // Built-ins are admin-editable like any template (the contract gives PATCH/DELETE no exception);
      // the next start restores a built-in's shipped definition (seedBuiltins upserts by name).
      if (body.repositoryUrl !== undefined) await ctx.git.checkUrl(body.repositoryUrl, 'repositoryUrl');
      const variables = body.variables !== undefined ? normaliseVariables(body.variables) : undefined;
      if (variables) assertVariableDefinitions(variables);
      await assertOrganization(body.organizationId);
      if (body.name !== undefined && body.name !== current.name) await assertNameFree(body.name, id);
      const changes = Object.fromEntries(
        Object.entries({ ...body, variables }).filter(([, v]) => v !== undefined),
      ) as Partial<TemplateRow>;
      if (Object.keys(changes).length === 0) return current;
      const row = await repo.update(db, id, changes);
      if (!row) throw new NotFound('Service template not found');
      return row;
    },

    async remove(_caller: Caller, id: string) {
      await getTemplate(id);
      if (!(await repo.remove(db, id))) throw new NotFound('Service template not found');
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
