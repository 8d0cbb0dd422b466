import { can, type Subject, type TeamRole } from './permissions.policy.js';

/** What an entity answer carries for its caller (decision 954). */
export interface EntityPermissions {
  update: boolean;
  delete: boolean;
}

/**
 * A caller's `permissions` for any entity, compiled once from the policy (decision 1140): the
 * answer for each team the caller belongs to, for any other team and for no known team. `can`
 * decides from the owner team's role in the caller's memberships alone, so these three cases are
 * every case; a page then costs one map lookup per row. `key` names the view: callers with equal
 * keys get equal answers for every entity.
 */
export interface EntityPermissionsView {
  readonly key: string;
  of(ownerTeamId: string | null): EntityPermissions;
}

/** A team id no membership holds (team ids are UUIDs): "a team the caller is not in". */
const ANOTHER_TEAM = 'another-team';

const PATTERNS: Record<string, EntityPermissions> = {
  '--': Object.freeze({ update: false, delete: false }),
  'u-': Object.freeze({ update: true, delete: false }),
  '-d': Object.freeze({ update: false, delete: true }),
  ud: Object.freeze({ update: true, delete: true }),
};
/** One shared frozen object per pattern: answers are compared and cached by these letters. */
const patternOf = (p: EntityPermissions) => (p.update ? 'u' : '-') + (p.delete ? 'd' : '-');

function decideFor(subject: Subject, ownerTeamId: string | null): EntityPermissions {
  const update = can(subject, 'entity.update', { ownerTeamId }).allowed;
  const del = can(subject, 'entity.delete', { ownerTeamId }).allowed;
  return PATTERNS[(update ? 'u' : '-') + (del ? 'd' : '-')]!;
}

export function compileEntityView(subject: Subject): EntityPermissionsView {
  const other = decideFor(subject, ANOTHER_TEAM);
  const none = decideFor(subject, null);
  const byTeam = new Map<string, EntityPermissions>();
  for (const teamId of subject.memberships.keys()) {
    const decided = decideFor(subject, teamId);
    if (decided !== other) byTeam.set(teamId, decided);
  }
  const teams = [...byTeam].map(([id, p]) => `${id}=${patternOf(p)}`).sort();
  return {
    key: [patternOf(other), patternOf(none), ...teams].join(','),
    of: (ownerTeamId) => (ownerTeamId === null ? none : (byTeam.get(ownerTeamId) ?? other)),
  };
}

/** An admin's view (no read-only token): yes to everything, decided once for the process. */
export const ADMIN_VIEW = compileEntityView({ userId: '', isAdmin: true, memberships: new Map() });

/**
 * Views compiled from one cached membership list, keyed by that list's identity: while the cache
 * hands back the same list (the in-process cache does until the TTL or a membership change), a
 * page costs no policy call at all (decision 1140). A list read from Redis is a new object each
 * time and is compiled again (a handful of memberships: microseconds). `shared`: false for a
 * subject whose flags (admin, read-only token) change its answers, which are compiled every time.
 */
export function entityViews() {
  const compiled = new WeakMap<object, EntityPermissionsView>();
  return (pairs: [string, TeamRole][], subject: (m: ReadonlyMap<string, TeamRole>) => Subject, shared: boolean) => {
    const known = shared ? compiled.get(pairs) : undefined;
    if (known) return known;
    const view = compileEntityView(subject(new Map(pairs)));
    if (shared) compiled.set(pairs, view);
    return view;
  };
}
