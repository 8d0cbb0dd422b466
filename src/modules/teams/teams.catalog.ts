import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teams } from '../../db/schema/index.js';
import type { Caller } from '../../kernel/caller.js';
import type { TeamRow } from './teams.repository.js';
import { TEAM_TYPES } from './teams.schemas.js';

/** A Backstage `Group` as the catalog hands it over (decision 607). */
export interface CatalogGroup {
  name: string;
  namespace: string;
  displayName: string | null;
  description: string | null;
  email: string | null;
  /** `spec.type` as written (`team`, `department`, …): a Hangar team type when it is one, else `other`. */
  type: string;
}

const TYPES = new Set<string>(TEAM_TYPES);

/**
 * Team writes the catalog needs when it imports groups. They take the caller's transaction, so a
 * registration stays atomic across both modules' tables; the catalog invalidates and emits.
 */
export const teamsCatalogVerbs = {
  /** Creates or updates one team per group, by name; answers every team named, changed or not. */
  async upsertGroups(_caller: Caller, groups: CatalogGroup[], tx: Executor): Promise<TeamRow[]> {
    if (groups.length === 0) return [];
    const values = groups.map((g) => ({
      name: g.name,
      namespace: g.namespace,
      displayName: g.displayName ?? g.name,
      description: g.description,
      contactEmail: g.email,
      type: TYPES.has(g.type) ? g.type : 'other',
      metadata: { backstageType: g.type },
    }));
    await tx
      .insert(teams)
      .values(values)
      .onConflictDoUpdate({
        target: teams.name,
        set: {
          namespace: sql`excluded.namespace`,
          displayName: sql`excluded.display_name`,
          description: sql`excluded.description`,
          contactEmail: sql`excluded.contact_email`,
          type: sql`excluded.type`,
          metadata: sql`coalesce(${teams.metadata}, '{}'::jsonb) || excluded.metadata`,
          updatedAt: sql`now()`,
        },
        // An identical group leaves the row (and its updatedAt) alone.
        setWhere: sql`(${teams.namespace}, ${teams.displayName}, ${teams.description}, ${teams.contactEmail}, ${teams.type}, ${teams.metadata} -> 'backstageType')
          IS DISTINCT FROM (excluded.namespace, excluded.display_name, excluded.description, excluded.contact_email, excluded.type, excluded.metadata -> 'backstageType')`,
      });
    return tx
      .select()
      .from(teams)
      .where(
        inArray(
          teams.name,
          groups.map((g) => g.name),
        ),
      );
  },

  /** Sets each team's parent (null clears it); a team is never its own parent. */
  async setParents(
    _caller: Caller,
    links: { teamId: string; parentTeamId: string | null }[],
    tx: Executor,
  ): Promise<void> {
    for (const link of links) {
      if (link.parentTeamId === link.teamId) continue;
      await tx.execute(
        sql`UPDATE ${teams} SET parent_team_id = ${link.parentTeamId}, updated_at = now() WHERE id = ${link.teamId} AND parent_team_id IS DISTINCT FROM ${link.parentTeamId}`,
      );
    }
  },
};
