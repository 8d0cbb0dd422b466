import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../kernel/schemas.js';

// Rows carry Date objects; the serialiser writes them as ISO 8601 strings.

export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const OrgRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')], {
  description: 'owner, admin or member',
});

export const OrganizationSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    slug: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'An organization' },
);

export const MemberSchema = Type.Object(
  { userId: Uuid, username: Type.String(), role: Type.String(), joinedAt: Timestamp },
  { description: 'An organization membership' },
);

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Slug = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[a-z0-9]+(?:-+[a-z0-9]+)*$',
  description: 'lowercase letters and digits, words separated by hyphens (1-100 characters)',
});
const Description = Type.String({ maxLength: 2000 });

export const CreateOrganizationBody = Type.Object({ name: Name, slug: Slug, description: Type.Optional(Description) });
export type CreateOrganizationBody = Static<typeof CreateOrganizationBody>;

export const UpdateOrganizationBody = Type.Object({
  name: Type.Optional(Name),
  slug: Type.Optional(Slug),
  description: Type.Optional(Type.Union([Description, Type.Null()])),
});
export type UpdateOrganizationBody = Static<typeof UpdateOrganizationBody>;

export const AddMemberBody = Type.Object({ userId: Uuid, role: OrgRoleSchema });
export type AddMemberBody = Static<typeof AddMemberBody>;

export const RoleBody = Type.Object({ role: OrgRoleSchema });

export const MemberParams = Type.Object({ id: Uuid, userId: Uuid });
