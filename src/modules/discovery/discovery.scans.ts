import { Cron } from 'croner';
import type { DiscoveryScanRecord } from '../../db/schema/index.js';
import { systemCaller, type Caller } from '../../kernel/caller.js';
import { Invalid } from '../../kernel/errors.js';
import type { DiscoveryDeps } from './discovery.deps.js';
import type { DiscoveryAuth, DiscoveryTarget, RequestLedger } from './discovery.ports.js';
import { createRepositoryReader } from './discovery.reader.js';
import { discoveryRepository as repo, type SourceRow } from './discovery.repository.js';
import { freshScan, runScan } from './discovery.scan.js';
import type { Status } from './discovery.schemas.js';
import { requireSource } from './discovery.sources.js';

// The scans' verbs: asked for, scheduled, run, and a webhook's refresh of one repository (decision 1170).

/** What the adapters are handed for one scan or refresh: the credential, the bound and the ledger. */
async function targetOf(
  deps: DiscoveryDeps,
  source: SourceRow,
  ledger: RequestLedger,
  signal?: AbortSignal,
): Promise<DiscoveryTarget> {
  const found = await deps.credentials.readValueById(
    systemCaller({ organizationId: source.organizationId }),
    source.credentialId,
  );
  if (!found || found.type !== source.provider) throw new Invalid("The source's credential is gone or of another type");
  const v = found.value;
  const auth: DiscoveryAuth = v.token
    ? { kind: 'token', token: v.token }
    : {
        kind: 'github-app',
        appId: v.appId ?? '',
        privateKey: v.privateKey ?? '',
        installationId: v.installationId ?? '',
      };
  return {
    baseUrl: source.baseUrl,
    owner: source.owner,
    auth,
    maxInFlight: deps.maxInFlight,
    timeoutMs: deps.requestTimeoutMs,
    ledger,
    signal,
  };
}

function ledgerFor({ db, log }: DiscoveryDeps, source: SourceRow, record: DiscoveryScanRecord): RequestLedger {
  const ledger: RequestLedger = {
    made: 0,
    notModified: 0,
    rateLimitRemaining: null,
    rateLimitResetAt: null,
    paused(until, why) {
      record.state = 'paused';
      record.pausedUntil = until.toISOString();
      Object.assign(record.rateLimit, { remaining: ledger.rateLimitRemaining, resetAt: ledger.rateLimitResetAt });
      log.info({ sourceId: source.id, until, why }, 'discovery scan paused by the provider rate limit');
      repo.saveScan(db, source.id, record).catch(() => undefined);
    },
  };
  return ledger;
}

export function scanVerbs(deps: DiscoveryDeps) {
  const { db, log } = deps;
  return {
    async status(caller: Caller, id: string): Promise<Status> {
      const row = await requireSource(db, caller, id);
      const errors = await repo.errors(db, row.id);
      const scan = row.lastScan ?? { ...freshScan('manual'), startedAt: null };
      return {
        sourceId: row.id,
        ...scan,
        state: row.lastScan?.state ?? 'never',
        trigger: row.lastScan?.trigger ?? null,
        errors: errors.rows,
        errorCount: errors.total,
      };
    },

    async requestScan(caller: Caller, id: string) {
      const row = await requireSource(db, caller, id);
      if (row.lastScan?.state !== 'running' && row.lastScan?.state !== 'paused')
        await repo.saveScan(db, row.id, freshScan('manual', 'queued'));
      await deps.queueScan(row.id, 'manual');
      return { sourceId: row.id, state: 'queued' as const };
    },

    /** The scan job's body (decision 1012): never throws for one repository; a listing failure fails the scan. */
    async scan(sourceId: string, trigger: DiscoveryScanRecord['trigger'], signal?: AbortSignal) {
      const source = await repo.findAny(db, sourceId);
      if (!source) return;
      const record = freshScan(trigger);
      await repo.saveScan(db, source.id, record, { lastScanStartedAt: new Date() });
      const ledger = ledgerFor(deps, source, record);
      const caller = systemCaller({ organizationId: source.organizationId });
      let pages: SourceRow['pages'] | undefined;
      try {
        pages = await runScan(
          deps,
          caller,
          source,
          deps.providers[source.provider as 'github'],
          await targetOf(deps, source, ledger, signal),
          record,
        );
        record.state = 'finished';
      } catch (err) {
        record.state = 'failed';
        record.error = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 500);
        log.warn({ sourceId, err: record.error }, 'discovery scan failed');
      }
      record.finishedAt = new Date().toISOString();
      record.pausedUntil = null;
      record.requests = { made: ledger.made, notModified: ledger.notModified };
      record.rateLimit = { remaining: ledger.rateLimitRemaining, resetAt: ledger.rateLimitResetAt };
      await repo.saveScan(db, source.id, record, pages ? { pages } : {});
    },

    /** Sources whose schedule is due (the scheduler's tick). */
    async dueSources(now = new Date()) {
      return (await repo.all(db)).filter((s) => isDue(s, now));
    },
  };
}

export function webhookRefreshVerbs(deps: DiscoveryDeps) {
  const { db } = deps;
  return {
    /** A webhook's refresh of one repository (renamed, archived, deleted, or its file pushed). */
    async refreshRepository(sourceId: string, externalId: string, signal?: AbortSignal) {
      const source = await repo.findAny(db, sourceId);
      if (!source) return;
      const record = freshScan('manual');
      const target = await targetOf(deps, source, ledgerFor(deps, source, record), signal);
      const provider = deps.providers[source.provider as 'github'];
      const caller = systemCaller({ organizationId: source.organizationId });
      const known = await repo.repositoryByExternalId(db, source.id, externalId);
      const found = await provider.repository(target, externalId);
      if (!found) {
        if (known?.locationId) await deps.catalog.retireLocation(caller, known.locationId);
        if (known) await repo.deleteRepository(db, known.id);
        return;
      }
      const read = createRepositoryReader(deps, source, provider, target, record);
      // The listing page is unknown here: the page's next 200 puts it right; its 304 cannot hide a change we already read.
      await repo.upsertRepositories(
        db,
        await read.readAll(caller, [{ r: found, known }], known?.page ?? 'webhook', null, true),
      );
    },

    /** Sources a webhook may concern: this provider's, in the delivery's organization when it names one. */
    async sourcesFor(caller: Caller, provider: 'github' | 'gitlab') {
      const rows = await repo.ofProvider(db, provider);
      return caller.organizationId ? rows.filter((r) => r.organizationId === caller.organizationId) : rows;
    },
  };
}

function isDue(s: SourceRow, now: Date) {
  if (s.lastScan?.state === 'running' || s.lastScan?.state === 'paused' || s.lastScan?.state === 'queued') return false;
  try {
    const next = new Cron(s.schedule, { paused: true, timezone: 'UTC' }).nextRun(s.lastScanStartedAt ?? s.createdAt);
    return next !== null && next <= now;
  } catch {
    return false;
  }
}
