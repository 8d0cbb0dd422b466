import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../context.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { organizationsLookup } from '../organizations/index.js';
import { registerAuditJobs } from './audit.jobs.js';
import { registerAuditRecorder, requestOrigins } from './audit.recorder.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditService, type AuditService } from './audit.service.js';

export type { AuditPort } from '../../kernel/audit.js';
export type { AuditService } from './audit.service.js';

export type AuditDeps = Pick<Infrastructure, 'db' | 'config' | 'jobs'>;

/**
 * The audit log (decisions 980–985): the port other modules record through inside their
 * transactions, the response-level recorder of refused and failed writes, the search, export and
 * verify routes, and the daily pruning job. Built before auth, so sign-ins are recorded too.
 */
export function createAuditModule({ db, config, jobs }: AuditDeps): HangarModule<AuditService> & { hooks(app: FastifyInstance): void } {
  const origins = requestOrigins();
  const service = createAuditService({
    db,
    checkpointKey: config.audit.checkpointKey,
    origins,
    roleOf: (organizationId, userId) => organizationsLookup.roleOf(db, organizationId, userId),
  });
  registerAuditJobs(jobs, service, config.audit.retentionDays);
  return {
    service,
    /** Registered on the root instance before the auth guard, so every write's outcome is seen. */
    hooks: (app) => registerAuditRecorder(app, db, service, origins),
    async routes(app: App) {
      await app.register(auditRoutes, { service });
    },
  };
}
