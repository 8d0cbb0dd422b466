import type { Infrastructure } from '../../context.js';
import type { CatalogService } from '../catalog/index.js';
import { GitError, type Git } from '../../integrations/git/git.port.js';
import { Conflict, DomainError, Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import { systemCaller, type Caller } from '../../kernel/caller.js';
import { organizationsLookup } from '../organizations/index.js';
import { BUILTIN_SCHEME, BUILTIN_TEMPLATES } from './templates.builtin.js';
import { loadTemplateFiles } from './templates.files.js';
import { assertVariableDefinitions, redactUrl, renderFiles, resolveVariables, type VariableDefinition } from './templates.render.js';
import { templatesRepository as repo, type ScaffoldRow, type TemplateRow } from './templates.repository.js';
import type { CreateTemplateBody, ScaffoldBody, TemplateListQuery, UpdateTemplateBody, VariableInput } from './templates.schemas.js';

export const SCAFFOLD_JOB = 'scaffold.run';
/** A previewed text file is cut after this many characters (decision 700). */
export const MAX_PREVIEW_CHARS = 200_000;

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

/** Wording of a template-load failure, for a dry run's 400 and a worker's statusMessage alike. */
function loadFailure(template: TemplateRow, err: unknown): string | undefined {
  if (err instanceof GitError) return `Cloning template repository ${redactUrl(template.repositoryUrl)} failed: ${err.reason}`;
  if (err instanceof DomainError) return err.message;
  return undefined;
}

export interface TemplatesDeps extends Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'> {
  /** Template repositories are cloned, scaffolds pushed. */
  git: Git;
  /** A scaffold's repository is registered as a catalog location. */
  catalog: Pick<CatalogService, 'registerLocation'>;
}

export function createTemplatesService(ctx: TemplatesDeps) {
  const db = ctx.db;

  async function getTemplate(id: string): Promise<TemplateRow> {
    const row = await repo.findById(db, id);
    if (!row) throw new NotFound('Service template not found');
    return row;
  }

  async function assertNameFree(name: string, exceptId?: string) {
    const existing = await repo.findIdByName(db, name);
    if (existing && existing !== exceptId) throw new Conflict(`A service template named "${name}" already exists`);
  }

  async function assertOrganization(id: string | null | undefined) {
    if (id && !(await organizationsLookup.organizationExists(db, id))) {
      throw new Invalid('organizationId does not name an existing organization', [{ field: 'organizationId', problem: 'does not exist' }]);
    }
  }

  /** The template's files rendered with `values`, sorted by path. */
  async function render(template: TemplateRow, values: Record<string, string>, signal?: AbortSignal) {
    const files = await loadTemplateFiles(ctx.git, template, signal);
    return renderFiles(files, values);
  }

  const toFailed = async (row: ScaffoldRow, statusMessage: string) => {
    const done = await repo.finish(db, row.id, { status: 'failed', statusMessage, renderedFiles: null });
    ctx.events.emit('scaffold.failed', { id: row.id, templateId: row.templateId, templateName: row.templateName, targetRepository: redactUrl(row.targetRepository), statusMessage });
    return done;
  };

  /**
   * A scaffold holding a catalog-info.yaml registers it as a location of the target repository
   * (through the catalog's verb); a catalog problem never fails the scaffold, it is noted.
   */
  async function registerInCatalog(url: string, renderedFiles: string[]): Promise<{ componentId: string | null; note: string }> {
    const path = renderedFiles.find((f) => /^catalog-info\.ya?ml$/.test(f)) ?? renderedFiles.find((f) => /(^|\/)catalog-info\.ya?ml$/.test(f));
    if (!path) return { componentId: null, note: '' };
    try {
      const r = await ctx.catalog.registerLocation(systemCaller(), { url, branch: 'main', path });
      const component = r.created[0] ?? r.updated[0] ?? r.unchanged[0];
      const problem = r.errors[0]?.message;
      return { componentId: component?.id ?? null, note: component ? '; registered in the catalog' : `; not registered in the catalog: ${problem ?? 'no component'}` };
    } catch (err) {
      return { componentId: null, note: `; not registered in the catalog: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}` };
    }
  }

  async function readRequest(caller: Caller, id: string) {
    const { actor } = caller;
    const row = await repo.findRequest(db, id);
    // Someone else's request reads as missing: its existence is not the caller's business.
    if (!row || (!actor.isAdmin && row.requestedBy !== actor.userId)) throw new NotFound('Scaffold request not found');
    return row;
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

    /**
     * A scaffold request. Variable checks come first (400 naming the variable), then the target URL.
     * A dry run renders in memory and stores a completed request; otherwise the request is queued.
     */
    async scaffold(caller: Caller, templateId: string, body: ScaffoldBody, forceDryRun: boolean) {
      const template = await getTemplate(templateId);
      const values = resolveVariables(template.variables, body.variables ?? {});
      await ctx.git.checkUrl(body.targetRepository, 'targetRepository');
      const base = { templateId: template.id, templateName: template.name, targetRepository: body.targetRepository, variables: values, requestedBy: caller.actor.userId };

      if (forceDryRun || body.dryRun) {
        let files;
        try {
          files = await render(template, values);
        } catch (err) {
          const message = loadFailure(template, err);
          if (message) throw new Invalid(message);
          throw err;
        }
        const renderedFiles = files.map((f) => f.path);
        return repo.insertRequest(db, {
          ...base,
          dryRun: true,
          status: 'completed',
          statusMessage: `Dry run completed: ${renderedFiles.length} files would be written to ${redactUrl(body.targetRepository)}; nothing was written`,
          renderedFiles,
        });
      }

      const row = await repo.insertRequest(db, { ...base, dryRun: false, status: 'pending' });
      try {
        await ctx.jobs.enqueue(SCAFFOLD_JOB, { id: row.id });
      } catch (err) {
        // The queue (Redis) refused: take the request back, so the error answer (503) is the whole
        // truth and no pending request is left behind that nothing will run (no ghost write).
        await repo.deleteRequest(db, row.id).catch(() => {});
        throw err;
      }
      return row;
    },

    /**
     * The worker, called by the scaffold job with a system caller (decision 926): idempotent (a
     * finished request is left alone; an interrupted one runs again).
     */
    async runScaffold(_caller: Caller, id: string, signal?: AbortSignal) {
      const row = await repo.markInProgress(db, id);
      if (!row) return;
      const template = await repo.findById(db, row.templateId);
      if (!template) return toFailed(row, `Template ${row.templateName} no longer exists`);
      let files;
      try {
        files = await render(template, row.variables, signal);
      } catch (err) {
        const message = loadFailure(template, err);
        if (!message) ctx.log.error({ err, scaffoldRequest: id }, 'scaffold rendering failed');
        return toFailed(row, message ?? 'Rendering the template failed (internal error)');
      }
      const target = redactUrl(row.targetRepository);
      let commit: string;
      try {
        commit = await ctx.git.commitFiles(row.targetRepository, files, `Scaffold ${template.name} template`, 'main', { signal });
      } catch (err) {
        if (err instanceof GitError || err instanceof DomainError) return toFailed(row, `Push to ${target} failed: ${err.message}`);
        ctx.log.error({ err, scaffoldRequest: id }, 'scaffold push failed');
        return toFailed(row, `Push to ${target} failed (internal error)`);
      }
      const renderedFiles = files.map((f) => f.path);
      const catalog = await registerInCatalog(row.targetRepository, renderedFiles);
      const done = await repo.finish(db, id, {
        status: 'completed',
        statusMessage: `Committed ${renderedFiles.length} files to ${target} on branch main (${commit.slice(0, 12)})${catalog.note}`,
        renderedFiles,
        componentId: catalog.componentId,
      });
      // Events reach every client: the URL goes out without any credentials it may carry.
      ctx.events.emit('scaffold.completed', { id, templateId: row.templateId, templateName: row.templateName, targetRepository: target, renderedFiles });
      return done;
    },

    async listRequests(caller: Caller, q: PageQuery) {
      const { actor } = caller;
      const { data, total } = await repo.listRequests(db, actor.isAdmin ? undefined : actor.userId, q.skip, q.take);
      return pageOf(data, total, q);
    },

    getRequest: readRequest,

    /**
     * One file of a request as rendered with the request's stored variables (decision 700): the
     * portal's dry-run preview shows any file before anything is written. The template is rendered
     * again (a custom one cloned again), so a template changed since shows its current content.
     */
    async requestFile(caller: Caller, id: string, path: string) {
      const row = await readRequest(caller, id);
      const template = await repo.findById(db, row.templateId);
      if (!template) throw new NotFound(`Template ${row.templateName} no longer exists`);
      let files;
      try {
        files = await render(template, row.variables);
      } catch (err) {
        const message = loadFailure(template, err);
        if (message) throw new Invalid(message);
        throw err;
      }
      const file = files.find((f) => f.path === path);
      if (!file) throw new NotFound(`The template renders no file "${path}"`);
      const bytes = typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.length;
      if (typeof file.content !== 'string') return { path, size: bytes, binary: true, truncated: false, content: null };
      const truncated = file.content.length > MAX_PREVIEW_CHARS;
      return { path, size: bytes, binary: false, truncated, content: truncated ? file.content.slice(0, MAX_PREVIEW_CHARS) : file.content };
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
