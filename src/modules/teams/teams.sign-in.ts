import { and, eq, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teamMembers, teams } from '../../db/schema/index.js';
import type { Caller } from '../../kernel/caller.js';

/** How many group values of one sign-in are looked at; identity providers send tens, rarely hundreds. */
const MAX_GROUPS = 1000;

/**
 * A groups claim value as a team's name or a Backstage group reference (decision 834):
 * `platform`, `group:default/platform`, `default/platform`, or a Keycloak full path `/org/platform`
 * (its last segment). Names compare case-insensitively, as directory group names do.
 */
function parseGroup(value: string): { name: string; namespace?: string } | undefined {
  const v = value.trim().toLowerCase();
  if (!v || v.length > 300) return undefined;
  if (v.startsWith('/')) {
    const last = v.split('/').filter(Boolean).pop();
    return last ? { name: last } : undefined;
  }
  const ref = /^(?:group:)?(?:([^/:]+)\/)?([^/:]+)$/.exec(v);
  if (!ref) return undefined;
  return ref[1] ? { namespace: ref[1], name: ref[2]! } : { name: ref[2]! };
}

/**
 * Team memberships a sign-in's groups claim grants. `source` marks what a sign-in added
 * (`oidc:<provider>`), so the next sign-in through that provider removes only its own additions;
 * memberships added by hand (source null) are never touched. Runs in the caller's transaction.
 */
export const teamsSignInVerbs = {
  async syncGroupMemberships(
    _caller: Caller,
    input: { userId: string; source: string; groups: readonly string[] },
    tx: Executor,
  ): Promise<{ added: string[]; removed: string[] }> {
    const parsed = input.groups.slice(0, MAX_GROUPS).flatMap((g) => parseGroup(g) ?? []);
    const names = [...new Set(parsed.filter((p) => !p.namespace).map((p) => p.name))];
    const refs = parsed.filter((p) => p.namespace);
    const conditions: SQL[] = [];
    if (names.length) conditions.push(inArray(sql`lower(${teams.name})`, names));
    for (const ref of refs.slice(0, 200))
      conditions.push(sql`(lower(${teams.namespace}) = ${ref.namespace} AND lower(${teams.name}) = ${ref.name})`);
    const named = conditions.length
      ? (
          await tx
            .select({ id: teams.id })
            .from(teams)
            .where(or(...conditions))
        ).map((t) => t.id)
      : [];

    const added = named.length
      ? (
          await tx
            .insert(teamMembers)
            .values(named.map((teamId) => ({ teamId, userId: input.userId, source: input.source })))
            .onConflictDoNothing()
            .returning({ teamId: teamMembers.teamId })
        ).map((r) => r.teamId)
      : [];
    const mine = and(
      eq(teamMembers.userId, input.userId),
      isNotNull(teamMembers.source),
      eq(teamMembers.source, input.source),
    );
    const removed = (
      await tx
        .delete(teamMembers)
        .where(named.length ? and(mine, notInArray(teamMembers.teamId, named)) : mine)
        .returning({ teamId: teamMembers.teamId })
    ).map((r) => r.teamId);
    return { added, removed };
  },
};
