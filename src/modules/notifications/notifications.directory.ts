import type { Database } from '../../db/client.js';
import { systemCaller } from '../../kernel/caller.js';
import { catalogLookup } from '../catalog/index.js';
import { organizationsLookup } from '../organizations/index.js';
import { teamsLookup } from '../teams/index.js';
import type { NotificationsDirectory } from './notifications.derive.js';

/** The other modules' verbs the directory calls (handed in by the wiring). */
export interface DirectoryDeps {
  db: Database;
  teams: { members(caller: ReturnType<typeof systemCaller>, teamId: string): Promise<{ id: string }[]> };
  incidents: {
    get(
      caller: ReturnType<typeof systemCaller>,
      id: string,
    ): Promise<{
      title: string;
      severity: string;
      status: string;
      commanderUserId: string | null;
      affectedComponentIds: string[];
    }>;
  };
  auth: { findUser(userId: string): Promise<{ roles: string[] } | undefined> };
}

/** Who is who, read through the owners' lookups and verbs (docs/architecture.md, Module boundaries). */
export function createDirectory({ db, teams, incidents, auth }: DirectoryDeps): NotificationsDirectory {
  return {
    async teamMemberIds(teamName) {
      const team = await teamsLookup.findTeamByName(db, teamName);
      return team ? (await teams.members(systemCaller(), team.id)).map((u) => u.id) : [];
    },
    async componentOwners(ids) {
      const rows = await Promise.all(ids.map((id) => catalogLookup.findComponent(db, id)));
      return [...new Set(rows.flatMap((c) => (c?.owner ? [c.owner] : [])))];
    },
    async incident(id) {
      try {
        return await incidents.get(systemCaller(), id);
      } catch {
        return undefined; // deleted meanwhile
      }
    },
    organizationIdsOf: (userId) => organizationsLookup.organizationIdsOf(db, userId),
    organizationManagerIds: (organizationId) => organizationsLookup.managerIds(db, organizationId),
    async isAdmin(userId) {
      return (await auth.findUser(userId))?.roles.includes('admin') ?? false;
    },
  };
}
