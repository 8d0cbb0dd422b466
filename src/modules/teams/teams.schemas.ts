import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { JsonObject, Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

// Rows carry Date objects; the serialiser writes them as ISO 8601 strings.

export const TEAM_TYPES = ['dev', 'infra', 'security', 'data', 'platform', 'other'] as const;
const teamType = (options: { default?: string; description: string }) =>
  Type.Union(
    [
      Type.Literal('dev'),
      Type.Literal('infra'),
      Type.Literal('security'),
      Type.Literal('data'),
      Type.Literal('platform'),
      Type.Literal('other'),
    ],
    options,
  );
const TeamType = teamType({ description: TEAM_TYPES.join(', ') });

const teamFields = {
  id: Uuid,
  name: Type.String(),
  displayName: Nullable(Type.String()),
  type: Type.String(),
  description: Nullable(Type.String()),
  contactEmail: Nullable(Type.String()),
  chatChannel: Nullable(Type.String()),
  metadata: Nullable(JsonObject),
  // Catalog groups (Backstage `Group`): their namespace and parent team.
  namespace: Type.String({ description: 'Backstage namespace of the group; `default` for teams created here' }),
  parentTeamId: Nullable(Uuid),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};
export const TeamSchema = Type.Object(teamFields, {
  description: 'A team; components whose owner equals its name belong to it',
});

/** A user as team listings show it: never a password field. */
export const TeamUserSchema = Type.Object({
  id: Uuid,
  username: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  roles: Type.Array(Type.String()),
  // Listed members only (decision 950); a user answer elsewhere has no team role.
  teamRole: Type.Optional(
    Type.Union([Type.Literal('maintainer'), Type.Literal('member')], { description: "the user's role in this team" }),
  ),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const TeamWithMembersSchema = Type.Object(
  { ...teamFields, members: Type.Array(TeamUserSchema) },
  { description: 'A team with its members' },
);

export const TeamPage = Page(TeamSchema);
export const TeamListQuery = PageQuery;

const Name = Type.String({ minLength: 1, maxLength: 100, description: 'unique; matched against component.owner' });
// Optional text fields accept "" (a form left blank) as well as null; the service stores both as null.
const DisplayName = Type.String({ maxLength: 200, description: 'defaults to the name' });
const Description = Type.String({ maxLength: 2000 });
const ContactEmail = Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Literal('')], {
  description: 'an email address',
});
const ChatChannel = Type.String({ maxLength: 100 });

export const CreateTeamBody = Type.Object({
  name: Name,
  displayName: Type.Optional(Nullable(DisplayName)),
  // Not marked required by the document: a team created without a type is `other`.
  type: Type.Optional(teamType({ default: 'other', description: `${TEAM_TYPES.join(', ')} (default other)` })),
  description: Type.Optional(Nullable(Description)),
  contactEmail: Type.Optional(Nullable(ContactEmail)),
  chatChannel: Type.Optional(Nullable(ChatChannel)),
  metadata: Type.Optional(Nullable(JsonObject)),
});
export type CreateTeamBody = Static<typeof CreateTeamBody>;

export const UpdateTeamBody = Type.Object({
  name: Type.Optional(Name),
  displayName: Type.Optional(Nullable(DisplayName)),
  type: Type.Optional(TeamType),
  description: Type.Optional(Nullable(Description)),
  contactEmail: Type.Optional(Nullable(ContactEmail)),
  chatChannel: Type.Optional(Nullable(ChatChannel)),
  metadata: Type.Optional(Nullable(JsonObject)),
});
export type UpdateTeamBody = Static<typeof UpdateTeamBody>;

export const TeamMemberParams = Type.Object({ id: Uuid, userId: Uuid });

const TeamRoleField = Type.Union([Type.Literal('maintainer'), Type.Literal('member')], {
  description: "maintainer: manages the team's members and its entities; member: updates its entities (decision 950)",
});
export const AddMemberBody = Type.Object(
  { role: Type.Optional(TeamRoleField) },
  { description: 'Optional; role defaults to member' },
);
export type AddMemberBody = Static<typeof AddMemberBody>;
export const MemberRoleBody = Type.Object({ role: TeamRoleField });
export type MemberRoleBody = Static<typeof MemberRoleBody>;
