import { Type } from 'typebox';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  AddMemberBody,
  CreateTeamBody,
  MemberRoleBody,
  TeamListQuery,
  TeamMemberParams,
  TeamPage,
  TeamSchema,
  TeamUserSchema,
  TeamWithMembersSchema,
  UpdateTeamBody,
} from './teams.schemas.js';
import type { TeamsService } from './teams.service.js';

const tags = ['teams'];
const base = '/api/v1/teams';

export async function teamsRoutes(app: App, { service }: { service: TeamsService }) {
  teamRoutes(app, { service });
  memberRoutes(app, { service });
}

/** Teams: listed, created, read, changed and deleted. */
function teamRoutes(app: App, { service }: { service: TeamsService }) {
  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'List teams (by name, paginated)',
        querystring: TeamListQuery,
        response: { 200: TeamPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );

  app.post(
    base,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Create a team (admin)',
        description: 'Allowed: admins.',
        body: CreateTeamBody,
        response: { 201: TeamSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Read a team with its members',
        params: IdParams,
        response: { 200: TeamWithMembersSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Update a team (admin); a renamed team keeps its components',
        description: 'Allowed: admins.',
        params: IdParams,
        body: UpdateTeamBody,
        response: { 200: TeamSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Delete a team (admin); its components are kept with teamId null',
        description: 'Allowed: admins.',
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.remove(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );
}

/** A team's members and their roles. */
function memberRoutes(app: App, { service }: { service: TeamsService }) {
  app.get(
    `${base}/:id/members`,
    {
      schema: {
        tags,
        summary: 'Members of a team',
        params: IdParams,
        response: { 200: Type.Array(TeamUserSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.members(req.caller, req.params.id),
  );

  app.post(
    `${base}/:id/members/:userId`,
    {
      // The body is optional (existing clients send none): validated as `{}`.
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
      schema: {
        tags,
        summary: 'Add a user to a team with a role (default member); 409 when already a member',
        description: "Allowed: admins and the team's maintainers.",
        params: TeamMemberParams,
        body: AddMemberBody,
        response: { 201: TeamWithMembersSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.addMember(req.caller, req.params.id, req.params.userId, req.body)),
  );

  app.patch(
    `${base}/:id/members/:userId`,
    {
      schema: {
        tags,
        summary: "Change a member's role (maintainer or member); 409 when it would leave the team without a maintainer",
        description: "Allowed: admins and the team's maintainers. Only an admin may demote the last maintainer.",
        params: TeamMemberParams,
        body: MemberRoleBody,
        response: { 200: TeamWithMembersSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.setMemberRole(req.caller, req.params.id, req.params.userId, req.body),
  );

  app.delete(
    `${base}/:id/members/:userId`,
    {
      schema: {
        tags,
        summary: 'Remove a user from a team; 409 for the last maintainer',
        description: "Allowed: admins and the team's maintainers. Only an admin may remove the last maintainer.",
        params: TeamMemberParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await service.removeMember(req.caller, req.params.id, req.params.userId);
      return reply.code(204).send();
    },
  );
}
