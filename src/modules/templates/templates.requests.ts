import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import type { TemplatesDeps } from './templates.deps.js';
import { templatesRepository as repo } from './templates.repository.js';
import { renderForCaller } from './templates.scaffold.js';

// Reading scaffold requests back, and previewing their files (decision 1170: cut out of createTemplatesService).

/** A previewed text file is cut after this many characters (decision 700). */
export const MAX_PREVIEW_CHARS = 200_000;

export function scaffoldRequestVerbs({ db, git }: TemplatesDeps) {
  async function readRequest(caller: Caller, id: string) {
    const { actor } = caller;
    const row = await repo.findRequest(db, id);
    // Someone else's request reads as missing: its existence is not the caller's business.
    if (!row || (!actor.isAdmin && row.requestedBy !== actor.userId)) throw new NotFound('Scaffold request not found');
    return row;
  }

  return {
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
      const files = await renderForCaller(git, template, row.variables);
      const file = files.find((f) => f.path === path);
      if (!file) throw new NotFound(`The template renders no file "${path}"`);
      const bytes = typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.length;
      if (typeof file.content !== 'string') return { path, size: bytes, binary: true, truncated: false, content: null };
      const truncated = file.content.length > MAX_PREVIEW_CHARS;
      return { path, size: bytes, binary: false, truncated, content: truncated ? file.content.slice(0, MAX_PREVIEW_CHARS) : file.content };
    },
  };
}
