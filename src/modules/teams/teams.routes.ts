import { Type } from 'typebox';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  CreateTeamBody,
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
  app.get(
    base,
    { schema: { tags, summary: 'List teams (by name, paginated)', querystring: TeamListQuery, response: { 200: TeamPage, ...errorResponses(400, 401) } } },
    async (req) => service.list(req.caller, req.query),
  );

  app.post(
    base,
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'Create a team (admin)', body: CreateTeamBody, response: { 201: TeamSchema, ...errorResponses(400, 401, 403, 409) } },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.get(
    `${base}/:id`,
    {
      schema: { tags, summary: 'Read a team with its members', params: IdParams, response: { 200: TeamWithMembersSchema, ...errorResponses(400, 401, 404) } },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Update a team (admin); a rename re-links components by owner',
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
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.remove(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/:id/members`,
    { schema: { tags, summary: 'Members of a team', params: IdParams, response: { 200: Type.Array(TeamUserSchema), ...errorResponses(400, 401, 404) } } },
    async (req) => service.members(req.caller, req.params.id),
  );

  app.post(
    `${base}/:id/members/:userId`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Add a user to a team (admin); 409 when already a member',
        params: TeamMemberParams,
        response: { 201: TeamWithMembersSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addMember(req.caller, req.params.id, req.params.userId)),
  );

  app.delete(
    `${base}/:id/members/:userId`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Remove a user from a team (admin)',
        params: TeamMemberParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.removeMember(req.caller, req.params.id, req.params.userId);
      return reply.code(204).send();
    },
  );
}
