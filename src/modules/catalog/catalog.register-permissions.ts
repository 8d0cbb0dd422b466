import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden } from '../../kernel/errors.js';
import type { EntityAsk, PermissionsService } from '../permissions/index.js';
import { teamsLookup } from '../teams/index.js';
import type { Sourced } from './catalog.ingest.js';
import { catalogRepository as repo } from './catalog.repository.js';

/** The policy as registration asks it: a batch at once (decision 1060). */
export type RegisterPermissionsPort = Pick<PermissionsService, 'decideMany'>;

export interface Refusal {
  entity: Sourced;
  message: string;
}

/** Where a refused document is: its file (locations) and its index, with the entity's reference. */
export const placeOf = (e: Sourced) => `${e.file ? `file ${e.file}, ` : ''}document ${e.document} (${e.ref})`;

const GROUPS_AND_USERS = 'Only admins may register Group and User entities: they become teams and directory people';

/**
 * What registering `entities` would do, asked of the one policy before anything is written
 * (decisions 1060–1062): a new component is `entity.create` for the team its owner names, a stored one
 * `entity.update` (or `entity.changeOwner` when its owner now names another team, or none); Groups
 * and Users are admins' (they become teams and people: the documents' admin-only team writes). The
 * facts of the whole batch are read in three queries (rows, teams, memberships), whatever its size.
 * `forUserId`: decided for that person, not the caller (a scaffold's requester, a location's registrant).
 */
export async function refusalsOf(
  db: Executor,
  permissions: RegisterPermissionsPort,
  caller: Caller,
  entities: Sourced[],
  forUserId?: string,
): Promise<{ admin: boolean; refused: Refusal[] }> {
  // Admins and background jobs (the system) may do all of it: no query.
  if (!forUserId && caller.actor.isAdmin && caller.actor.token?.scope !== 'read') return { admin: true, refused: [] };
  const comps = entities.filter((e): e is Sourced & { entity: 'component' } => e.entity === 'component');
  const refs = [...new Set(comps.map((c) => c.ref))];
  const ownerRefs = [
    ...new Set(comps.map((c) => c.input.ownerRef).filter((r): r is string => !!r?.startsWith('group:'))),
  ];
  const [stored, teams] = await Promise.all([
    refs.length ? repo.findByRefs(db, refs) : Promise.resolve([]),
    teamsLookup.byNames(
      db,
      ownerRefs.map((r) => r.slice(r.indexOf('/') + 1)),
    ),
  ]);
  const teamOf = new Map(teams.map((t) => [`group:${t.namespace}/${t.name}`, t.id]));
  const asks: EntityAsk[] = comps.map((c) => {
    const newTeam = (c.input.ownerRef && teamOf.get(c.input.ownerRef)) || null;
    // The row the write would update: of the same Hangar kind when the reference has several (as ingest picks it).
    const mine = stored.filter((r) => r.ref === c.ref);
    const row = mine.find((r) => r.kind === c.input.kind) ?? mine[0];
    if (!row) return { action: 'entity.create', ownerTeamId: newTeam };
    if (row.teamId === newTeam) return { action: 'entity.update', ownerTeamId: row.teamId };
    return { action: 'entity.changeOwner', ownerTeamId: row.teamId, newOwnerTeamId: newTeam };
  });
  const { admin, decisions } = await permissions.decideMany(caller, asks, forUserId);
  if (admin) return { admin, refused: [] };
  const refused: Refusal[] = [];
  const decisionOf = new Map(comps.map((c, i) => [c, decisions[i]!]));
  // In the documents' order, so the first refusal named is the first document refused.
  for (const e of entities) {
    if (e.entity !== 'component') refused.push({ entity: e, message: GROUPS_AND_USERS });
    else if (!decisionOf.get(e)!.allowed) refused.push({ entity: e, message: decisionOf.get(e)!.reason });
  }
  return { admin, refused };
}

/**
 * A caller with no team role at all keeps the documents' answer, before anything is parsed or cloned
 * (decision 1060): these routes were admin-only, so such a caller gets the admin guard's 403 as before,
 * not a 400 about the YAML, nor a 201 for documents that would all be skipped.
 */
export async function requireAdminOrTeamRole(permissions: RegisterPermissionsPort, caller: Caller): Promise<void> {
  if (caller.actor.isAdmin && caller.actor.token?.scope !== 'read') return;
  const { admin, teamRoles } = await permissions.decideMany(caller, []);
  if (!admin && !teamRoles) throw new Forbidden('This action requires the admin role');
}

/** All or nothing (register-yaml, a location's registration): 403 naming the first document refused. */
export function refuseAny(refused: Refusal[]): void {
  const first = refused[0];
  if (first)
    throw new Forbidden(
      `${placeOf(first.entity)}: ${first.message}${refused.length > 1 ? ` (and ${refused.length - 1} more refused)` : ''}`,
    );
}

/**
 * A refresh keeps going without its refused documents (decision 1062): each is that document's
 * error, and its file is spared the orphan marks (what it registered before stays as it was).
 */
export function withoutRefused(walk: { entities: Sourced[]; failedFiles: string[] }, refused: Refusal[]) {
  const out = new Set(refused.map((r) => r.entity));
  return {
    entities: walk.entities.filter((e) => !out.has(e)),
    spared: [...walk.failedFiles, ...refused.flatMap((r) => (r.entity.file ? [r.entity.file] : []))],
    errors: refused.map((r) => ({
      file: r.entity.file,
      document: r.entity.document,
      message: `${placeOf(r.entity)}: ${r.message}`,
    })),
  };
}
