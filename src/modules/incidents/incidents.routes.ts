import { Type } from 'typebox';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  AddUpdateBody,
  CreateIncidentBody,
  CreatePostMortemBody,
  IncidentDetailSchema,
  IncidentIdParams,
  IncidentListQuery,
  IncidentPage,
  PostMortemSchema,
  StatusBody,
  TimelineEntrySchema,
  UpdateIncidentBody,
  UpdatePostMortemBody,
} from './incidents.schemas.js';
import type { IncidentsService } from './incidents.service.js';
import type { PostMortemsService } from './post-mortems.service.js';

export interface IncidentsRoutesOptions {
  incidents: IncidentsService;
  postMortems: PostMortemsService;
}

const tags = ['incidents'];
const base = '/api/v1/incidents';

export async function incidentsRoutes(app: App, { incidents, postMortems }: IncidentsRoutesOptions) {
  incidentRoutes(app, { incidents, postMortems });
  lifecycleRoutes(app, { incidents, postMortems });
  postMortemRoutes(app, { incidents, postMortems });
}

/** Incidents: listed, declared, read and changed. */
function incidentRoutes(app: App, { incidents }: IncidentsRoutesOptions) {
  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'List incidents, newest first',
        querystring: IncidentListQuery,
        response: { 200: IncidentPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => incidents.list(req.caller, req.query),
  );

  app.post(
    base,
    {
      // The organization is read for causedByDeploymentId's wall (decision 569).
      config: { auth: 'admin', organization: true },
      schema: {
        tags,
        summary: 'Open an incident (admin); emits INCIDENT_CREATED',
        body: CreateIncidentBody,
        response: { 201: IncidentDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => reply.code(201).send(await incidents.create(req.caller, req.body)),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'An incident with affected components, environments and its timeline',
        params: IdParams,
        response: { 200: IncidentDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => incidents.get(req.caller, req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { organization: true },
      schema: {
        tags,
        summary: 'Change incident fields; status moves go through /status',
        description:
          "Allowed: admins, the incident's commander and members of a team owning one of its affected components.",
        params: IdParams,
        body: UpdateIncidentBody,
        response: { 200: IncidentDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => incidents.update(req.caller, req.params.id, req.body),
  );
}

/** An incident's status, deletion, updates and timeline. */
function lifecycleRoutes(app: App, { incidents }: IncidentsRoutesOptions) {
  app.patch(
    `${base}/:id/status`,
    {
      schema: {
        tags,
        summary: 'Move an incident along its status table (resolve it); emits INCIDENT_STATUS_CHANGED',
        description:
          "Allowed: admins, the incident's commander and members of a team owning one of its affected components.",
        params: IdParams,
        body: StatusBody,
        response: { 200: IncidentDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => incidents.changeStatus(req.caller, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Delete an incident (admin)',
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await incidents.remove(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:id/updates`,
    {
      schema: {
        tags,
        summary: 'Add a timeline entry; only admins may name another author',
        params: IdParams,
        body: AddUpdateBody,
        response: { 201: TimelineEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await incidents.addUpdate(req.caller, req.params.id, req.body)),
  );

  app.get(
    `${base}/:id/timeline`,
    {
      schema: {
        tags,
        summary: 'The timeline of an incident, oldest first',
        params: IdParams,
        response: { 200: Type.Array(TimelineEntrySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => incidents.timeline(req.caller, req.params.id),
  );
}

/** Post-mortems: written, listed, read, changed and published. */
function postMortemRoutes(app: App, { postMortems }: IncidentsRoutesOptions) {
  const pm = '/api/v1/post-mortems';
  app.post(
    pm,
    {
      schema: {
        tags,
        summary: 'Write the post-mortem of an incident (one per incident)',
        description:
          "Allowed: admins, the incident's commander and members of a team owning one of its affected components.",
        body: CreatePostMortemBody,
        response: { 201: PostMortemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await postMortems.create(req.caller, req.body)),
  );

  app.get(
    `${pm}/:id`,
    {
      schema: {
        tags,
        summary: 'A post-mortem',
        params: IdParams,
        response: { 200: PostMortemSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => postMortems.get(req.caller, req.params.id),
  );

  app.get(
    `${pm}/by-incident/:incidentId`,
    {
      schema: {
        tags,
        summary: 'The post-mortem of an incident',
        params: IncidentIdParams,
        response: { 200: PostMortemSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => postMortems.getByIncident(req.caller, req.params.incidentId),
  );

  app.patch(
    `${pm}/:id`,
    {
      schema: {
        tags,
        summary: 'Change a post-mortem; incidentId is fixed',
        description:
          "Allowed: admins, the incident's commander and members of a team owning one of its affected components.",
        params: IdParams,
        body: UpdatePostMortemBody,
        response: { 200: PostMortemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => postMortems.update(req.caller, req.params.id, req.body),
  );

  app.patch(
    `${pm}/:id/approve`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Approve a post-mortem (admin): sets approvedBy and approvedAt',
        params: IdParams,
        response: { 200: PostMortemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => postMortems.approve(req.caller, req.params.id),
  );
}
