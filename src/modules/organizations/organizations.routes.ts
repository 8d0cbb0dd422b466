import { Type } from 'typebox';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  AddMemberBody,
  CreateOrganizationBody,
  MemberParams,
  MemberSchema,
  OrganizationSchema,
  RoleBody,
  UpdateOrganizationBody,
} from './organizations.schemas.js';
import type { OrganizationsService } from './organizations.service.js';

const tags = ['organizations'];
const base = '/api/v1/organizations';

export async function organizationsRoutes(app: App, { service }: { service: OrganizationsService }) {
  organizationRoutes(app, { service });
  memberRoutes(app, { service });
}

/** Organizations: listed, created, read, changed and deleted. */
function organizationRoutes(app: App, { service }: { service: OrganizationsService }) {
  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Organizations the caller is a member of (global admins: all)',
        response: { 200: Type.Array(OrganizationSchema), ...errorResponses(401) },
      },
    },
    async (req) => service.list(req.caller),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create an organization; the caller becomes its owner',
        body: CreateOrganizationBody,
        response: { 201: OrganizationSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Read an organization (members; global admins read all)',
        params: IdParams,
        response: { 200: OrganizationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update name, slug or description (org admin or owner)',
        params: IdParams,
        body: UpdateOrganizationBody,
        response: { 200: OrganizationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an organization and its memberships (org owner)',
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

/** An organization's members and their roles. */
function memberRoutes(app: App, { service }: { service: OrganizationsService }) {
  app.get(
    `${base}/:id/members`,
    {
      schema: {
        tags,
        summary: 'List members (any member; global admins)',
        params: IdParams,
        response: { 200: Type.Array(MemberSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.listMembers(req.caller, req.params.id),
  );

  app.post(
    `${base}/:id/members`,
    {
      schema: {
        tags,
        summary: 'Add a member (org admin or owner; only an owner assigns owner)',
        params: IdParams,
        body: AddMemberBody,
        response: { 201: MemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addMember(req.caller, req.params.id, req.body)),
  );

  app.patch(
    `${base}/:id/members/:userId/role`,
    {
      schema: {
        tags,
        summary: "Change a member's role (role hierarchy rules apply)",
        params: MemberParams,
        body: RoleBody,
        response: { 200: MemberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.updateRole(req.caller, req.params.id, req.params.userId, req.body.role),
  );

  app.delete(
    `${base}/:id/members/:userId`,
    {
      schema: {
        tags,
        summary: 'Remove a member (the owner cannot be removed; admins cannot remove admins)',
        params: MemberParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.removeMember(req.caller, req.params.id, req.params.userId);
      return reply.code(204).send();
    },
  );
}
