import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { Conflict, Forbidden, NotFound } from '../../kernel/errors.js';
import { organizationsRepository as repo, type MemberView, type OrganizationRow } from './organizations.repository.js';
import { checkAssign, checkRemoval, checkRoleChange, isManager } from './organizations.roles.js';
import type {
  AddMemberBody,
  CreateOrganizationBody,
  OrgRole,
  UpdateOrganizationBody,
} from './organizations.schemas.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';

export interface OrganizationsServiceDeps {
  db: Database;
  userExists(userId: string): Promise<boolean>;
  /** `organization.membership.changed` after a membership is committed or removed, so live event connections follow (decisions 203, 920). */
  events?: EventPublisher;
}
/** What both verb groups use: the membership event, and the organization with the caller's role in it. */
function organizationAccess({ db, events }: OrganizationsServiceDeps) {
  const membershipChanged = (userId: string, organizationId: string, member: boolean) =>
    events?.emit('organization.membership.changed', { userId, organizationId, member });
  async function load(id: string): Promise<OrganizationRow> {
    const org = await repo.findById(db, id);
    if (!org) throw new NotFound('Organization not found');
    return org;
  }

  /** The caller's role in the organization (404 when it does not exist). */
  async function callerRole(caller: Caller, id: string): Promise<{ org: OrganizationRow; role: string | undefined }> {
    const org = await load(id);
    return { org, role: await repo.roleOf(db, id, caller.actor.userId) };
  }

  async function assertReader(caller: Caller, id: string) {
    const { org, role } = await callerRole(caller, id);
    if (!role && !caller.actor.isAdmin) throw new Forbidden('You are not a member of this organization');
    return org;
  }
  return { membershipChanged, callerRole, assertReader };
}

/**
 * Organization use cases. Writes are gated by the caller's membership role only: a global admin who
 * is not a member may list and read every organization, but changes nothing in it (decision 603 asks
 * for read access; write access stays with the organization's own owners and admins).
 */
export function createOrganizationsService(deps: OrganizationsServiceDeps) {
  const access = organizationAccess(deps);
  return { ...organizationVerbs(deps, access), ...memberVerbs(deps, access) };
}

type Access = ReturnType<typeof organizationAccess>;

function organizationVerbs({ db }: OrganizationsServiceDeps, { membershipChanged, callerRole, assertReader }: Access) {
  return {
    async list(caller: Caller) {
      return caller.actor.isAdmin ? repo.listAll(db) : repo.listForUser(db, caller.actor.userId);
    },

    async create(caller: Caller, body: CreateOrganizationBody) {
      if (await repo.slugTaken(db, body.slug)) throw new Conflict(`Slug "${body.slug}" is already taken`);
      try {
        const created = await db.transaction(async (tx) => {
          const org = await repo.insert(tx, {
            name: body.name,
            slug: body.slug,
            description: body.description ?? null,
          });
          await repo.insertMember(tx, org.id, caller.actor.userId, 'owner');
          return org;
        });
        membershipChanged(caller.actor.userId, created.id, true);
        return created;
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(`Slug "${body.slug}" is already taken`);
        throw err;
      }
    },

    get: assertReader,

    async update(caller: Caller, id: string, body: UpdateOrganizationBody) {
      const { org, role } = await callerRole(caller, id);
      if (!isManager(role)) throw new Forbidden('Only an organization admin or owner can update it');
      if (body.slug !== undefined && body.slug !== org.slug && (await repo.slugTaken(db, body.slug, id))) {
        throw new Conflict(`Slug "${body.slug}" is already taken`);
      }
      const values: Partial<OrganizationRow> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.slug !== undefined) values.slug = body.slug;
      if (body.description !== undefined) values.description = body.description;
      try {
        const updated = await repo.update(db, id, values);
        if (!updated) throw new NotFound('Organization not found');
        return updated;
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(`Slug "${body.slug}" is already taken`);
        throw err;
      }
    },

    async remove(caller: Caller, id: string) {
      const { role } = await callerRole(caller, id);
      if (role !== 'owner') throw new Forbidden('Only the organization owner can delete it');
      if (!(await repo.delete(db, id))) throw new NotFound('Organization not found');
    },
  };
}

function memberVerbs(
  { db, userExists }: OrganizationsServiceDeps,
  { membershipChanged, callerRole, assertReader }: Access,
) {
  return {
    async listMembers(caller: Caller, id: string): Promise<MemberView[]> {
      await assertReader(caller, id);
      return repo.listMembers(db, id);
    },

    async addMember(caller: Caller, id: string, body: AddMemberBody): Promise<MemberView> {
      const { role } = await callerRole(caller, id);
      const denied = checkAssign({ userId: caller.actor.userId, role: role ?? '' }, body.role);
      if (denied) throw denied;
      if (!(await userExists(body.userId))) throw new NotFound('User not found');
      if (await repo.roleOf(db, id, body.userId)) throw new Conflict('User is already a member of this organization');
      try {
        await repo.insertMember(db, id, body.userId, body.role);
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('User is already a member of this organization');
        throw err;
      }
      membershipChanged(body.userId, id, true);
      return (await repo.findMember(db, id, body.userId))!;
    },

    async updateRole(caller: Caller, id: string, userId: string, role: OrgRole): Promise<MemberView> {
      const { role: mine } = await callerRole(caller, id);
      if (!isManager(mine)) throw new Forbidden('Only an organization admin or owner can change roles');
      const target = await repo.findMember(db, id, userId);
      if (!target) throw new NotFound('User is not a member of this organization');
      const denied = checkRoleChange({ userId: caller.actor.userId, role: mine! }, target, role);
      if (denied) throw denied;
      if (!(await repo.setRole(db, id, userId, role))) throw new NotFound('User is not a member of this organization');
      return { ...target, role };
    },

    async removeMember(caller: Caller, id: string, userId: string) {
      const { role: mine } = await callerRole(caller, id);
      if (!isManager(mine)) throw new Forbidden('Only an organization admin or owner can remove members');
      const target = await repo.findMember(db, id, userId);
      if (!target) throw new NotFound('User is not a member of this organization');
      const denied = checkRemoval({ userId: caller.actor.userId, role: mine! }, target);
      if (denied) throw denied;
      if (!(await repo.deleteMember(db, id, userId))) throw new NotFound('User is not a member of this organization');
      membershipChanged(userId, id, false);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
