import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  apiSpecs,
  components,
  incidentComponents,
  incidents,
  pipelines,
  teamMembers,
  teams,
} from '../../db/schema/index.js';
import type { TeamRole } from './permissions.policy.js';

/**
 * The facts the policy decides on, read in ONE query per question (decision 953): the caller's team
 * memberships with roles beside the resource's owner team, commander and affected teams. The
 * permissions module owns no table; it reads teams', the catalog's, api-specs' and incidents'
 * tables as a read model (docs/architecture.md, the ownership table) and never writes them.
 */
export type ResourceKind = 'entity' | 'apiSpec' | 'incident' | 'team' | 'pipeline';

export interface LoadedFacts {
  found: boolean;
  /** The entity the resource belongs to (entities, API specs): what the 404 and the policy name. */
  entityId: string | null;
  ownerTeamId: string | null;
  commanderUserId: string | null;
  affectedTeamIds: string[];
  memberships: Map<string, TeamRole>;
  /** Pipelines: whether it belongs to an entity (decision 959); undefined for other kinds. */
  pipelineOfEntity?: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The caller's memberships as a JSON array, as a subquery of the facts' one row. */
const membershipsOf = (userId: string) =>
  sql`coalesce((SELECT json_agg(json_build_array(tm.team_id, tm.role)) FROM ${teamMembers} tm WHERE tm.user_id = ${userId}::uuid), '[]'::json)`;

function resourceQuery(kind: ResourceKind, id: string): SQL {
  switch (kind) {
    case 'entity':
      return sql`SELECT c.id AS entity_id, c.team_id AS owner_team_id, NULL::uuid AS commander, '[]'::json AS affected FROM ${components} c WHERE c.id = ${id}::uuid`;
    case 'apiSpec':
      return sql`SELECT c.id AS entity_id, c.team_id AS owner_team_id, NULL::uuid AS commander, '[]'::json AS affected
        FROM ${apiSpecs} s JOIN ${components} c ON c.id = s.component_id WHERE s.id = ${id}::uuid`;
    case 'incident':
      return sql`SELECT NULL::uuid AS entity_id, NULL::uuid AS owner_team_id, i.commander_user_id AS commander,
          coalesce((SELECT json_agg(DISTINCT c.team_id) FROM ${incidentComponents} ic JOIN ${components} c ON c.id = ic.component_id
            WHERE ic.incident_id = i.id AND c.team_id IS NOT NULL), '[]'::json) AS affected
        FROM ${incidents} i WHERE i.id = ${id}::uuid`;
    case 'pipeline':
      return sql`SELECT c.id AS entity_id, c.team_id AS owner_team_id, NULL::uuid AS commander, '[]'::json AS affected, p.component_id IS NOT NULL AS of_entity
        FROM ${pipelines} p LEFT JOIN ${components} c ON c.id = p.component_id WHERE p.id = ${id}::uuid`;
    case 'team':
      return sql`SELECT NULL::uuid AS entity_id, t.id AS owner_team_id, NULL::uuid AS commander, '[]'::json AS affected FROM ${teams} t WHERE t.id = ${id}::uuid`;
  }
}

/** Every kind but pipelines answers `of_entity` NULL, so the facts' one row has the same columns. */
const withOfEntity = (kind: ResourceKind, query: SQL): SQL =>
  kind === 'pipeline' ? query : sql`SELECT k.*, NULL::boolean AS of_entity FROM (${query}) k`;

interface FactsRow {
  found: boolean;
  entity_id: string | null;
  owner_team_id: string | null;
  commander: string | null;
  affected: unknown;
  memberships: unknown;
  of_entity: boolean | null;
}

/** JSON columns arrive parsed from node-postgres and PGlite alike; a string is parsed here for safety. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export function toMemberships(pairs: readonly (readonly [string, TeamRole])[]): Map<string, TeamRole> {
  return new Map(pairs.map(([teamId, role]) => [teamId, role]));
}

export const permissionsFacts = {
  /** One query: the resource's facts (absent: found false) and the caller's memberships. */
  async load(db: Executor, userId: string, kind: ResourceKind, id: string): Promise<LoadedFacts> {
    const query = sql`SELECT r.found_marker IS TRUE AS found,
        r.entity_id, r.owner_team_id, r.commander, r.affected, r.of_entity, ${membershipsOf(userId)} AS memberships
      FROM (SELECT 1) one LEFT JOIN (SELECT q.*, true AS found_marker FROM (${withOfEntity(kind, resourceQuery(kind, id))}) q) r ON true`;
    const [row] = rowsOf<FactsRow>(await db.execute(query));
    return {
      found: row?.found === true,
      entityId: row?.entity_id ?? null,
      ownerTeamId: row?.owner_team_id ?? null,
      commanderUserId: row?.commander ?? null,
      affectedTeamIds: json<string[]>(row?.affected ?? []),
      memberships: toMemberships(json<[string, TeamRole][]>(row?.memberships ?? [])),
      ...(kind === 'pipeline' ? { pipelineOfEntity: row?.of_entity === true } : {}),
    };
  },

  /** The caller's memberships alone: what a page of entities is decided on (their owner teams are in the rows). */
  async memberships(db: Executor, userId: string): Promise<Map<string, TeamRole>> {
    const [row] = rowsOf<{ memberships: unknown }>(
      await db.execute(sql`SELECT ${membershipsOf(userId)} AS memberships`),
    );
    return toMemberships(json<[string, TeamRole][]>(row?.memberships ?? []));
  },

  /**
   * Facts of many resources at once, whatever their kind, in one query (the check endpoint): each id
   * is looked up as an entity, a team and an incident (ids are UUIDs, so at most one matches).
   */
  async many(
    db: Executor,
    userId: string,
    ids: string[],
  ): Promise<{
    byId: Map<string, Omit<LoadedFacts, 'memberships'> & { kind: ResourceKind }>;
    memberships: Map<string, TeamRole>;
  }> {
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const query = sql`SELECT ${membershipsOf(userId)} AS memberships, coalesce((SELECT json_agg(x) FROM (
        SELECT c.id, 'entity' AS kind, c.team_id AS owner, NULL::uuid AS commander, '[]'::json AS affected, NULL::boolean AS of_entity FROM ${components} c WHERE c.id IN (${list})
        UNION ALL SELECT t.id, 'team', t.id, NULL::uuid, '[]'::json, NULL::boolean FROM ${teams} t WHERE t.id IN (${list})
        UNION ALL SELECT p.id, 'pipeline', c.team_id, NULL::uuid, '[]'::json, p.component_id IS NOT NULL
          FROM ${pipelines} p LEFT JOIN ${components} c ON c.id = p.component_id WHERE p.id IN (${list})
        UNION ALL SELECT i.id, 'incident', NULL::uuid, i.commander_user_id,
          coalesce((SELECT json_agg(DISTINCT c.team_id) FROM ${incidentComponents} ic JOIN ${components} c ON c.id = ic.component_id
            WHERE ic.incident_id = i.id AND c.team_id IS NOT NULL), '[]'::json), NULL::boolean
          FROM ${incidents} i WHERE i.id IN (${list})) x), '[]'::json) AS resources`;
    const [row] = rowsOf<{ memberships: unknown; resources: unknown }>(await db.execute(query));
    type Found = {
      id: string;
      kind: ResourceKind;
      owner: string | null;
      commander: string | null;
      affected: unknown;
      of_entity: boolean | null;
    };
    const byId = new Map(
      json<Found[]>(row?.resources ?? []).map((r) => [
        r.id,
        {
          kind: r.kind,
          found: true,
          entityId: r.kind === 'entity' ? r.id : null,
          ownerTeamId: r.owner,
          commanderUserId: r.commander,
          affectedTeamIds: json<string[]>(r.affected ?? []),
          ...(r.kind === 'pipeline' ? { pipelineOfEntity: r.of_entity === true } : {}),
        },
      ]),
    );
    return { byId, memberships: toMemberships(json<[string, TeamRole][]>(row?.memberships ?? [])) };
  },
};
