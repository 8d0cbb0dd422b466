import { Type } from 'typebox';
import { PageQuery } from '../../kernel/pagination.js';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  CreateExemptionBody,
  CreateScorecardBody,
  EntityResultSchema,
  EvaluationQueued,
  ExemptionPage,
  ExemptionsQuery,
  ExemptionSchema,
  HistoryPage,
  HistoryQuery,
  ResultPage,
  ResultsQuery,
  ScorecardExemptionParams,
  ScorecardPage,
  ScorecardSchema,
  TeamSummarySchema,
  UpdateScorecardBody,
} from './scorecards.schemas.js';
import type { ScorecardsService } from './scorecards.service.js';

const tags = ['scorecards'];
const base = '/api/v1/scorecards';
// Every route works in the current organization (decision 538): X-Organization-Id is checked once by the auth hook.
const org = { organization: true } as const;
const admin = { auth: 'admin', organization: true } as const;

export async function scorecardsRoutes(app: App, { service }: { service: ScorecardsService }) {
  scorecardRoutes(app, { service });
  evaluationRoutes(app, { service });
  exemptionRoutes(app, { service });
  summaryRoutes(app, { service });
}

/** Scorecards: listed, created, read, changed and deleted. */
function scorecardRoutes(app: App, { service }: { service: ScorecardsService }) {
  app.get(
    base,
    {
      config: org,
      schema: {
        operationId: 'listScorecards',
        tags,
        summary:
          "Scorecards of the current organization and those of none, by name (the organization's built-in Production readiness included)",
        querystring: PageQuery,
        response: { 200: ScorecardPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );
  app.post(
    base,
    {
      config: admin,
      schema: {
        operationId: 'createScorecard',
        tags,
        summary:
          'Create a scorecard (admin) in the current organization; unknown facts, operators and levels are a 400 naming them',
        body: CreateScorecardBody,
        response: { 201: ScorecardSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );
  app.get(
    `${base}/:id`,
    {
      config: org,
      schema: {
        operationId: 'getScorecard',
        tags,
        summary: 'A scorecard',
        params: IdParams,
        response: { 200: ScorecardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );
  app.patch(
    `${base}/:id`,
    {
      config: admin,
      schema: {
        operationId: 'updateScorecard',
        tags,
        summary: 'Change a scorecard (admin, a member of its organization); it is evaluated again',
        params: IdParams,
        body: UpdateScorecardBody,
        response: { 200: ScorecardSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body),
  );
  app.delete(
    `${base}/:id`,
    {
      config: admin,
      schema: {
        operationId: 'deleteScorecard',
        tags,
        summary: 'Delete a scorecard and its results (admin); the built-in one comes back with its shipped definition',
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

/** A scorecard's evaluation and its results. */
function evaluationRoutes(app: App, { service }: { service: ScorecardsService }) {
  app.post(
    `${base}/:id/evaluate`,
    {
      config: admin,
      schema: {
        operationId: 'evaluateScorecard',
        tags,
        summary: 'Queue an evaluation of the scorecard over every entity (admin)',
        params: IdParams,
        response: { 202: EvaluationQueued, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req, reply) => reply.code(202).send(await service.requestEvaluation(req.caller, req.params.id)),
  );
  app.get(
    `${base}/:id/results`,
    {
      config: org,
      schema: {
        operationId: 'listScorecardResults',
        tags,
        summary: "The scorecard's current results by entity name, filtered by team and level (a level name or none)",
        params: IdParams,
        querystring: ResultsQuery,
        response: { 200: ResultPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.results(req.caller, req.params.id, req.query),
  );
}

/** A scorecard's exemptions: listed, granted and removed. */
function exemptionRoutes(app: App, { service }: { service: ScorecardsService }) {
  app.get(
    `${base}/:id/exemptions`,
    {
      config: org,
      schema: {
        operationId: 'listScorecardExemptions',
        tags,
        summary:
          'Rules waived for single entities, newest first (expired ones included, active false); componentId: one entity only',
        params: IdParams,
        querystring: ExemptionsQuery,
        response: { 200: ExemptionPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.listExemptions(req.caller, req.params.id, req.query),
  );
  app.post(
    `${base}/:id/exemptions`,
    {
      config: org,
      schema: {
        operationId: 'createScorecardExemption',
        tags,
        summary:
          'Waive one rule for one entity until expiresAt, with a reason (required); the same rule and entity again replaces it',
        description:
          "Allowed: admins and maintainers of the team owning the entity (members of the scorecard's organization).",
        params: IdParams,
        body: CreateExemptionBody,
        response: { 201: ExemptionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createExemption(req.caller, req.params.id, req.body)),
  );
  app.delete(
    `${base}/:id/exemptions/:exemptionId`,
    {
      config: org,
      schema: {
        operationId: 'deleteScorecardExemption',
        tags,
        summary: 'End an exemption now',
        description:
          "Allowed: admins and maintainers of the team owning the entity (members of the scorecard's organization).",
        params: ScorecardExemptionParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.removeExemption(req.caller, req.params.id, req.params.exemptionId);
      return reply.code(204).send();
    },
  );
}

/** An entity's scorecards and their history, and a team's summary. */
function summaryRoutes(app: App, { service }: { service: ScorecardsService }) {
  app.get(
    `${base}/entities/:id`,
    {
      config: org,
      schema: {
        operationId: 'getEntityScorecards',
        tags,
        summary:
          "An entity's level and score on each scorecard of the context, with every rule's outcome, failure message and remediation",
        params: IdParams,
        response: { 200: Type.Array(EntityResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.entityResults(req.caller, req.params.id),
  );
  app.get(
    `${base}/entities/:id/history`,
    {
      config: org,
      schema: {
        operationId: 'getEntityScorecardHistory',
        tags,
        summary: "Every change of an entity's results (level, score, rule outcomes), newest first",
        params: IdParams,
        querystring: HistoryQuery,
        response: { 200: HistoryPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.entityHistory(req.caller, req.params.id, req.query),
  );
  app.get(
    `${base}/teams/:id/summary`,
    {
      config: org,
      schema: {
        operationId: 'getTeamScorecardSummary',
        tags,
        summary: "How many of a team's entities hold each level of each scorecard, and their mean score",
        params: IdParams,
        response: { 200: TeamSummarySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.teamSummary(req.caller, req.params.id),
  );
}
