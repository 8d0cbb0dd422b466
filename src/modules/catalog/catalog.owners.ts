import type { Executor } from '../../db/client.js';
import { Conflict, Invalid } from '../../kernel/errors.js';
import { teamsLookup } from '../teams/index.js';
import { toRef } from './catalog.entities.js';

export const duplicate = (name: string, kind: string) =>
  new Conflict(`A component named "${name}" of kind "${kind}" already exists`);
/** "" means none for the optional text fields a client may want to clear. */
export const orNull = (value: string | null | undefined) => (value ? value : null);

/** `owner` as an entity reference, or null when it is no valid reference (kept as written all the same). */
export function ownerRefOf(owner: string | null | undefined, namespace = 'default'): string | null {
  if (!owner) return null;
  try {
    return toRef(owner, 'group', namespace);
  } catch {
    return null;
  }
}

/** The team a group reference names (same namespace), or null. */
export async function teamIdFor(db: Executor, ownerRef: string | null): Promise<string | null> {
  if (!ownerRef?.startsWith('group:')) return null;
  const [namespace, name] = ownerRef.slice('group:'.length).split('/') as [string, string];
  const team = await teamsLookup.findTeamByName(db, name);
  return team && (team as { namespace?: string }).namespace === namespace ? team.id : null;
}

/** A team named by id in a body: it must exist (400 otherwise, like other body references). */
export async function requireTeam(tx: Executor, teamId: string) {
  const team = await teamsLookup.findTeam(tx, teamId);
  if (!team) throw new Invalid(`teamId ${teamId} names no team`, [{ field: 'teamId', problem: 'names no team' }]);
  return team;
}
