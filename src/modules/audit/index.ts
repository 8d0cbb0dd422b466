import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../context.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { organizationsLookup } from '../organizations/index.js';
import { registerAuditJobs } from './audit.jobs.js';
import { registerAuditRecorder, requestOrigins } from './audit.recorder.js';
import { createSealer, type SealerLog } from './audit.sealer.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditService, type AuditService } from './audit.service.js';

export type { AuditPort } from '../../kernel/audit.js';
export type { AuditService } from './audit.service.js';

export type AuditDeps = Pick<Infrastructure, 'db' | 'config' | 'jobs'>;

/**
 * The audit log (decisions 980–985, 1090–1094): the port other modules record through inside their
 * transactions, the sealer that chains records after their commit, the response-level recorder of refused and failed writes, the search, export and
 * verify routes, and the daily pruning job. Built before auth, so sign-ins are recorded too.
 */
export function createAuditModule({
  db,
  config,
  jobs,
}: AuditDeps): HangarModule<AuditService> & { hooks(app: FastifyInstance): void; close(): Promise<void> } {
  const origins = requestOrigins();
  // The app's logger once the hooks are registered (the module is built before the app).
  let log: SealerLog = { error: (obj, msg) => console.error(msg, obj) };
  const sealer = createSealer(db, { error: (obj, msg) => log.error(obj, msg) });
  const service = createAuditService({
    db,
    checkpointKey: config.audit.checkpointKey,
    origins,
    sealer,
    roleOf: (organizationId, userId) => organizationsLookup.roleOf(db, organizationId, userId),
  });
  registerAuditJobs(jobs, service, sealer, config.audit.retentionDays);
  return {
    service,
    /** Registered on the root instance before the auth guard, so every write's outcome is seen. */
    hooks: (app) => {
      log = app.log;
      registerAuditRecorder(app, db, service, origins);
    },
    /**
     * Stops the sealer and waits (bounded) for its passes: called by the app's close after the jobs
     * and before the database (decision 1160). Not an onClose hook of its own: Fastify runs those last
     * registered first, which closed the database before the sealer stopped.
     */
    close: () => sealer.stop(),
    async routes(app: App) {
      await app.register(auditRoutes, { service });
    },
  };
}
