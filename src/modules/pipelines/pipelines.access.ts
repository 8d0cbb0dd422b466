import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden, NotFound } from '../../kernel/errors.js';
import { resolveOrganizationContext } from '../organizations/index.js';
import { pipelinesRepository as repo, type PipelineRow } from './pipelines.repository.js';

/**
 * The organization wall of pipelines and their runs (decision 202): a pipeline of an organization
 * exists only for that organization's members and global admins; to anyone else it is "not found",
 * as records of other organizations are in every organization-scoped list. Pipelines of no
 * organization are everyone's.
 */
export async function visiblePipeline(db: Executor, caller: Caller, id: string): Promise<PipelineRow> {
  const row = await repo.find(db, id);
  if (!row) throw new NotFound('Pipeline not found');
  if (row.organizationId && !caller.actor.isAdmin) {
    try {
      await resolveOrganizationContext(db, caller.actor, row.organizationId);
    } catch (err) {
      if (err instanceof Forbidden) throw new NotFound('Pipeline not found');
      throw err;
    }
  }
  return row;
}
