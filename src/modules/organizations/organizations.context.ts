import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizationMembers, organizations } from '../../db/schema/index.js';
import type { Actor } from '../../kernel/auth.js';
import { Forbidden, Invalid, NotFound } from '../../kernel/errors.js';
import { isUuid } from '../../kernel/schemas.js';

/**
 * "The current organization" (decision 603): from the `X-Organization-Id` header. The caller must be a
 * member (global admins need not be), else 403. Without the header: null (records with no organization).
 */
export async function resolveOrganizationContext(
  db: Executor,
  actor: Actor,
  value: string | undefined,
): Promise<string | null> {
  if (value === undefined || value.trim() === '') return null;
  const orgId = value.trim();
  if (!isUuid(orgId))
    throw new Invalid('X-Organization-Id must be a UUID', [{ field: 'X-Organization-Id', problem: 'must be a UUID' }]);
  if (actor.isAdmin) {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, orgId))
      .limit(1);
    if (!org) throw new NotFound('Organization not found');
    return orgId;
  }
  // A plain user is either a member (so the organization exists) or gets 403, as decision 603 says:
  // an unknown id is not revealed as such to outsiders.
  const [member] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.userId, actor.userId)))
    .limit(1);
  if (!member) throw new Forbidden('You are not a member of this organization');
  return orgId;
}
