import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizationMembers, organizations } from '../../db/schema/index.js';

/** The organization switcher lists at most this many (a global admin on a very large installation). */
const MAX_ORGANIZATIONS = 1000;

/** Reads other modules need from organizations (they never query its tables themselves). */
export const organizationsLookup = {
  async organizationExists(db: Executor, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, id))
      .limit(1);
    return !!row;
  },
  /** Every organization's id (the scorecards module keeps one built-in scorecard per organization). */
  async allOrganizationIds(db: Executor): Promise<string[]> {
    const rows = await db.select({ id: organizations.id }).from(organizations);
    return rows.map((r) => r.id);
  },
  /** A user's role in an organization, if a member (the audit log and webhooks admit owners and admins). */
  async roleOf(db: Executor, organizationId: string, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      .limit(1);
    return row?.role;
  },
  /** The ids of an organization's owners and admins (told when its webhook subscription is disabled). */
  async managerIds(db: Executor, organizationId: string): Promise<string[]> {
    const rows = await db
      .select({ id: organizationMembers.userId })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          inArray(organizationMembers.role, ['owner', 'admin']),
        ),
      );
    return rows.map((r) => r.id);
  },
  /** The organizations a user is a member of (the event gateway's rooms). */
  async organizationIdsOf(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: organizationMembers.organizationId })
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, userId));
    return rows.map((r) => r.id);
  },

  /**
   * The organizations a user may choose as context, by name, with the user's role in each: their
   * memberships, and for global admins every organization (role null where not a member).
   */
  async organizationsOf(db: Executor, userId: string, isAdmin: boolean) {
    const columns = {
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      role: organizationMembers.role,
    };
    const member = and(
      eq(organizationMembers.organizationId, organizations.id),
      eq(organizationMembers.userId, userId),
    );
    const query = isAdmin
      ? db.select(columns).from(organizations).leftJoin(organizationMembers, member)
      : db.select(columns).from(organizations).innerJoin(organizationMembers, member);
    return query.orderBy(asc(organizations.name), asc(organizations.id)).limit(MAX_ORGANIZATIONS);
  },
};
