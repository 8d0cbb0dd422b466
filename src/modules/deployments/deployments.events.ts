import type { Database, Executor } from '../../db/client.js';
import { isForeignKeyViolation } from '../../kernel/db-errors.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { isUuid } from '../../kernel/schemas.js';
import { catalogLookup } from '../catalog/index.js';
import { environmentsLookup } from '../environments/index.js';
import { deploymentsRepository as repo, type DeploymentRow } from './deployments.repository.js';
import type { DeploymentStatus, EventStatus } from './deployments.schemas.js';

/**
 * Deployment events from outside Hangar (decisions 860, 861): idempotent on (source, externalId)
 * within the organization, moving forward only. The reported times become the row's `createdAt`
 * (started) and `updatedAt` (its last move), so every reader — the feed's order, DORA's deployment
 * and rollback times — sees when things happened, not when they were reported.
 */
export interface DeploymentEvent {
  source: string;
  externalId: string;
  componentId: string;
  environmentId: string;
  status: EventStatus;
  version?: string;
  revision?: string;
  url?: string;
  startedAt?: string;
  finishedAt?: string;
  /** The user whose token sent the first event (a webhook's: none). */
  deployedBy?: string | null;
}

export type EventOutcome = 'created' | 'moved' | 'unchanged';

const STORED: Record<EventStatus, DeploymentStatus> = {
  started: 'in_progress',
  succeeded: 'succeeded',
  failed: 'failed',
  rolled_back: 'rolled_back',
};
/** A stored status in the events' words (409 messages name both states as a sender knows them). */
const SAID: Record<string, string> = {
  pending: 'pending',
  in_progress: 'started',
  succeeded: 'succeeded',
  failed: 'failed',
  rolled_back: 'rolled_back',
};
/** Forward moves only; `pending` is a pipeline's first state. */
const MOVES: Record<string, readonly DeploymentStatus[]> = {
  pending: ['in_progress', 'succeeded', 'failed'],
  in_progress: ['succeeded', 'failed'],
  succeeded: ['rolled_back'],
};
/** Clocks of CI runners drift: a time up to this far ahead is taken as now; further is refused. */
const FUTURE_SLACK_MS = 5 * 60_000;

function reportedTime(value: string | undefined, field: string, now: Date): Date | undefined {
  if (value === undefined) return undefined;
  const t = new Date(value);
  if (Number.isNaN(t.getTime()))
    throw new Invalid(`${field} is not a date-time`, [{ field, problem: 'must be an ISO 8601 date-time' }]);
  if (t.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw new Invalid(`${field} is in the future`, [{ field, problem: 'is more than 5 minutes ahead of the server' }]);
  return t.getTime() > now.getTime() ? now : t;
}

/** A component id, or an entity reference `[kind:][namespace/]name` (kind `component`, namespace `default` by default). */
export async function resolveComponent(db: Executor, value: string): Promise<string> {
  if (isUuid(value) && (await catalogLookup.componentExists(db, value))) return value.toLowerCase();
  const ref = toEntityRef(value);
  const rows = ref ? await catalogLookup.findByRef(db, ref) : [];
  if (rows.length === 0)
    throw new NotFound(`Component "${value}" not found`, [
      { field: 'component', problem: 'no component has this reference or id' },
    ]);
  if (rows.length > 1)
    throw new Invalid(`Component "${value}" names ${rows.length} catalog entries; send its id`, [
      { field: 'component', problem: 'is ambiguous' },
    ]);
  return rows[0]!.id;
}

function toEntityRef(value: string): string | null {
  const m = /^(?:([A-Za-z][A-Za-z0-9-]*):)?(?:([^:/\s]+)\/)?([^:/\s]+)$/.exec(value.trim());
  if (!m) return null;
  return `${(m[1] ?? 'component').toLowerCase()}:${m[2] ?? 'default'}/${m[3]}`;
}

/** An environment id, or a name (exact spelling first, then any case); several of one name: 400. */
export async function resolveEnvironment(db: Executor, value: string): Promise<string> {
  if (isUuid(value) && (await environmentsLookup.findEnvironment(db, value))) return value.toLowerCase();
  const rows = await environmentsLookup.findEnvironmentsByName(db, value);
  if (rows.length === 0)
    throw new NotFound(`Environment "${value}" not found`, [
      { field: 'environment', problem: 'no environment has this name or id' },
    ]);
  if (rows.length > 1)
    throw new Invalid(`${rows.length} environments are named "${value}"; send its id`, [
      { field: 'environment', problem: 'is ambiguous' },
    ]);
  return rows[0]!.id;
}

/** Creates the deployment of a new (source, externalId), or moves the existing one; one transaction. */
export async function applyDeploymentEvent(
  db: Database,
  organizationId: string | null,
  e: DeploymentEvent,
  now = new Date(),
): Promise<{ outcome: EventOutcome; deployment: DeploymentRow }> {
  const startedAt = reportedTime(e.startedAt, 'startedAt', now);
  const finishedAt = reportedTime(e.finishedAt, 'finishedAt', now);
  if (startedAt && finishedAt && finishedAt < startedAt) {
    throw new Invalid('finishedAt is before startedAt', [
      { field: 'finishedAt', problem: 'must not be before startedAt' },
    ]);
  }
  const version = e.version ?? e.revision?.slice(0, 12);
  if (!version)
    throw new Invalid('Send version or revision', [
      { field: 'version', problem: 'is required when revision is absent' },
    ]);
  const status = STORED[e.status];
  try {
    return await db.transaction(async (tx) => {
      const createdAt = startedAt ?? finishedAt ?? now;
      const created = await repo.insertExternal(tx, {
        componentId: e.componentId,
        environmentId: e.environmentId,
        organizationId,
        version,
        status,
        source: e.source,
        externalId: e.externalId,
        revision: e.revision ?? null,
        url: e.url ?? null,
        deployedBy: e.deployedBy ?? null,
        createdAt,
        updatedAt: e.status === 'started' ? createdAt : (finishedAt ?? now),
      });
      if (created) return { outcome: 'created' as const, deployment: created };
      const row = await repo.lockExternal(tx, organizationId, e.source, e.externalId);
      // Deleted (with its environment or component) between the two statements: the sender may retry.
      if (!row)
        throw new Conflict(
          `Deployment ${e.source}/${e.externalId} changed while this event was applied; send it again`,
        );
      if (row.componentId !== e.componentId || row.environmentId !== e.environmentId) {
        throw new Conflict(`${e.source} deployment "${e.externalId}" is of another component or environment`, [
          { field: 'externalId', problem: 'already names a deployment of another component or environment' },
        ]);
      }
      if (row.status === status) return { outcome: 'unchanged' as const, deployment: row };
      if (!MOVES[row.status]?.includes(status)) {
        throw new Conflict(
          `Deployment "${e.externalId}" is ${SAID[row.status] ?? row.status}; it cannot move to ${e.status}`,
          [{ field: 'status', problem: `${SAID[row.status] ?? row.status} → ${e.status} is not a forward move` }],
        );
      }
      const at = finishedAt ?? now;
      // The run that finishes a deployment may name its final version, commit and page; a rollback is
      // another run's act, and the deployment keeps what it shipped and where it ran.
      const keep = status === 'rolled_back';
      const moved = await repo.update(tx, row.id, {
        status,
        // Never earlier than its last move: a late or copied timestamp cannot reorder its history.
        updatedAt: at < row.updatedAt ? row.updatedAt : at,
        ...(e.version !== undefined && !keep ? { version: e.version } : {}),
        ...(e.revision !== undefined && !keep ? { revision: e.revision } : {}),
        ...(e.url !== undefined && !keep ? { url: e.url } : {}),
      });
      return { outcome: 'moved' as const, deployment: moved! };
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new NotFound('Component or environment not found');
    throw err;
  }
}
