import { GitError } from '../../integrations/git/git.port.js';
import { DomainError, Invalid } from '../../kernel/errors.js';
import { systemCaller, type Caller } from '../../kernel/caller.js';
import { requireTemplate, type TemplatesDeps } from './templates.deps.js';
import { loadTemplateFiles } from './templates.files.js';
import { redactUrl, renderFiles, resolveVariables } from './templates.render.js';
import { templatesRepository as repo, type ScaffoldRow, type TemplateRow } from './templates.repository.js';
import type { ScaffoldBody } from './templates.schemas.js';

// Scaffolding: a request (dry run or queued) and the worker that pushes it (decision 1170: cut out of
// createTemplatesService).

export const SCAFFOLD_JOB = 'scaffold.run';

/** Wording of a template-load failure, for a dry run's 400 and a worker's statusMessage alike. */
function loadFailure(template: TemplateRow, err: unknown): string | undefined {
  if (err instanceof GitError) return `Cloning template repository ${redactUrl(template.repositoryUrl)} failed: ${err.reason}`;
  if (err instanceof DomainError) return err.message;
  return undefined;
}

/** The template's files rendered with `values`, sorted by path. */
async function render(git: TemplatesDeps['git'], template: TemplateRow, values: Record<string, string>, signal?: AbortSignal) {
  const files = await loadTemplateFiles(git, template, signal);
  return renderFiles(files, values);
}

/** Rendered for a caller: a template that cannot be loaded is their 400, anything else a 500. */
export async function renderForCaller(git: TemplatesDeps['git'], template: TemplateRow, values: Record<string, string>) {
  try {
    return await render(git, template, values);
  } catch (err) {
    const message = loadFailure(template, err);
    if (message) throw new Invalid(message);
    throw err;
  }
}

function scaffoldFailer(ctx: TemplatesDeps) {
  return async (row: ScaffoldRow, statusMessage: string) => {
    const done = await repo.finish(ctx.db, row.id, { status: 'failed', statusMessage, renderedFiles: null });
    ctx.events.emit('scaffold.failed', { id: row.id, templateId: row.templateId, templateName: row.templateName, targetRepository: redactUrl(row.targetRepository), statusMessage });
    return done;
  };
}

/**
 * A scaffold holding a catalog-info.yaml registers it as a location of the target repository
 * (through the catalog's verb); a catalog problem never fails the scaffold, it is noted. It is
 * registered for the person who asked, with their rights (decision 1063): a scaffold is no way
 * around "a maintainer of the team it names as owner".
 */
async function registerInCatalog(ctx: TemplatesDeps, url: string, renderedFiles: string[], requestedBy: string | null): Promise<{ componentId: string | null; note: string }> {
  const path = renderedFiles.find((f) => /^catalog-info\.ya?ml$/.test(f)) ?? renderedFiles.find((f) => /(^|\/)catalog-info\.ya?ml$/.test(f));
  if (!path) return { componentId: null, note: '' };
  try {
    const r = await ctx.catalog.registerLocation(systemCaller(), { url, branch: 'main', path }, requestedBy ? { onBehalfOf: requestedBy } : {});
    const component = r.created[0] ?? r.updated[0] ?? r.unchanged[0];
    const problem = r.errors[0]?.message;
    return { componentId: component?.id ?? null, note: component ? '; registered in the catalog' : `; not registered in the catalog: ${problem ?? 'no component'}` };
  } catch (err) {
    return { componentId: null, note: `; not registered in the catalog: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}` };
  }
}

export function scaffoldVerbs(ctx: TemplatesDeps) {
  const db = ctx.db;
  const toFailed = scaffoldFailer(ctx);
  return {
    /**
     * A scaffold request. Variable checks come first (400 naming the variable), then the target URL.
     * A dry run renders in memory and stores a completed request; otherwise the request is queued.
     */
    async scaffold(caller: Caller, templateId: string, body: ScaffoldBody, forceDryRun: boolean) {
      const template = await requireTemplate(db, templateId);
      const values = resolveVariables(template.variables, body.variables ?? {});
      await ctx.git.checkUrl(body.targetRepository, 'targetRepository');
      const base = { templateId: template.id, templateName: template.name, targetRepository: body.targetRepository, variables: values, requestedBy: caller.actor.userId };

      if (forceDryRun || body.dryRun) {
        const files = await renderForCaller(ctx.git, template, values);
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
        files = await render(ctx.git, template, row.variables, signal);
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
      const catalog = await registerInCatalog(ctx, row.targetRepository, renderedFiles, row.requestedBy);
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
  };
}
