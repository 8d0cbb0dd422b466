import { Type } from 'typebox';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { exportStream } from './audit.export.js';
import {
  AuditExportQuery,
  AuditListQuery,
  AuditPageSchema,
  AuditRecordSchema,
  VerifyQuery,
  VerifySchema,
  filterOf,
} from './audit.schemas.js';
import type { AuditService } from './audit.service.js';

const tags = ['audit'];
const OrgHeader = Type.Object({
  'x-organization-id': Type.Optional(
    Type.String({
      description: "the organization whose log to read (owners and admins); absent: global admins' records without one",
    }),
  ),
});
const config = { auth: 'user' as const, organization: true };

export async function auditRoutes(app: App, { service }: { service: AuditService }) {
  app.addSchema(AuditRecordSchema);

  app.get(
    '/api/v1/audit',
    {
      config,
      schema: {
        operationId: 'listAuditRecords',
        tags,
        summary: 'Audit records, newest first (global admins; owners and admins for their organization)',
        headers: OrgHeader,
        querystring: AuditListQuery,
        response: { 200: AuditPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { cursor, limit, ...filter } = req.query;
      return service.list(req.caller, filterOf(filter), limit, cursor);
    },
  );

  app.get(
    '/api/v1/audit/export',
    {
      config,
      schema: {
        operationId: 'exportAuditRecords',
        tags,
        summary: 'Every matching audit record, streamed as NDJSON or CSV',
        headers: OrgHeader,
        querystring: AuditExportQuery,
        response: {
          200: Type.String({ description: 'NDJSON (one record a line) or CSV' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (req, reply) => {
      const { format, ...filter } = req.query;
      const batches = service.batches(req.caller, filterOf(filter));
      // The first batch is read before answering, so a refusal is still an error envelope.
      const first = await batches.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* batches;
      }
      const name = `audit-${new Date().toISOString().slice(0, 10)}.${format}`;
      reply.header(
        'content-type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      );
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.send(exportStream(all(), format) as never);
    },
  );

  app.get(
    '/api/v1/audit/verify',
    {
      config,
      schema: {
        operationId: 'verifyAuditChain',
        tags,
        summary: "Walks the organization's hash chain and names the first record that does not match",
        headers: OrgHeader,
        querystring: VerifyQuery,
        response: { 200: VerifySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) =>
      service.verify(req.caller, {
        from: req.query.from ? new Date(req.query.from) : undefined,
        to: req.query.to ? new Date(req.query.to) : undefined,
      }),
  );
}
