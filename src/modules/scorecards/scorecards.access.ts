import type { Infrastructure } from '../../context.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden, NotFound } from '../../kernel/errors.js';
import type { PermissionsService } from '../permissions/index.js';
import { catalogLookup } from '../catalog/index.js';
import { organizationsLookup, resolveOrganizationContext } from '../organizations/index.js';
import type { GatherDeps } from './scorecards.gather.js';
import { scorecardsRepository as repo, type ScorecardRow } from './scorecards.repository.js';

export interface ScorecardsServiceDeps
  extends
    Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'>,
    Partial<Pick<Infrastructure, 'audit'>>,
    Omit<GatherDeps, 'db'> {
  /** The permission policy: maintainers of the owning team grant and withdraw exemptions (decision 951). */
  permissions: Pick<PermissionsService, 'require'>;
}

/** Who may read and change a scorecard: shared by the verb files (definitions, results, exemptions, evaluation). */
export function scorecardAccess(deps: ScorecardsServiceDeps) {
  const db = deps.db;

  /** A scorecard the caller may see (decision 538): its organization's members, global admins, or anyone when it has none. */
  async function visible(caller: Caller, id: string): Promise<ScorecardRow> {
    const row = await repo.find(db, id);
    if (!row) throw new NotFound('Scorecard not found');
    if (row.organizationId && !caller.actor.isAdmin && row.organizationId !== caller.organizationId) {
      try {
        await resolveOrganizationContext(db, caller.actor, row.organizationId);
      } catch (err) {
        if (err instanceof Forbidden) throw new NotFound('Scorecard not found');
        throw err;
      }
    }
    return row;
  }

  /** Writes to an organization's scorecard take a member of it (a global admin who is not one changes nothing: decision 603). */
  async function writable(caller: Caller, id: string): Promise<ScorecardRow> {
    const row = await visible(caller, id);
    if (
      row.organizationId &&
      caller.actor.kind === 'user' &&
      !(await organizationsLookup.organizationIdsOf(db, caller.actor.userId)).includes(row.organizationId)
    ) {
      throw new Forbidden('Only members of its organization may change this scorecard');
    }
    return row;
  }

  async function requireComponent(id: string) {
    if (!(await catalogLookup.componentExists(db, id))) throw new NotFound('Component not found');
  }

  return { visible, writable, requireComponent };
}

export type ScorecardAccess = ReturnType<typeof scorecardAccess>;
