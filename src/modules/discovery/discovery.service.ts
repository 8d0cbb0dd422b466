import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { DiscoveryScanRecord } from '../../db/schema/index.js';
import { assertUriCharacters, parseHttpUrl, assertHost, type OutboundRules } from '../../integrations/outbound/policy.js';
import { systemCaller, type Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import type { DiscoveryAuth, DiscoveryProviders, DiscoveryTarget, RequestLedger } from './discovery.ports.js';
import { discoveryRepository as repo, type SourceRow } from './discovery.repository.js';
import { createRepositoryReader, freshScan, runScan, type DiscoveryCatalogPort } from './discovery.scan.js';
import {
  assertSourceValues,
  DEFAULT_BASE_URL,
  DEFAULT_FILE_PATH,
  DEFAULT_SCHEDULE,
  type CreateSourceBody,
  type Source,
  type Status,
  type UpdateSourceBody,
} from './discovery.schemas.js';

/** The credentials module's verb discovery reads a source's credential with. */
export interface DiscoveryCredentialsPort {
  readValueById(caller: Caller, id: string): Promise<{ type: string; value: Record<string, string> } | null>;
}

export interface DiscoveryDeps {
  db: Database;
  log: FastifyBaseLogger;
  providers: DiscoveryProviders;
  catalog: DiscoveryCatalogPort;
  credentials: DiscoveryCredentialsPort;
  outbound: OutboundRules;
  maxInFlight: number;
  /** Queues a scan (the jobs runtime; the key keeps one per source). */
  queueScan(sourceId: string, trigger: DiscoveryScanRecord['trigger']): Promise<void>;
}

const toSource = (row: SourceRow): Source => ({
  id: row.id,
  orgId: row.organizationId,
  provider: row.provider,
  baseUrl: row.baseUrl,
  owner: row.owner,
  credentialId: row.credentialId,
  filePath: row.filePath,
  branch: row.branch,
  schedule: row.schedule,
  includeArchived: row.includeArchived,
  repositoryPattern: row.repositoryPattern,
  lastScan: { state: row.lastScan?.state ?? 'never', startedAt: row.lastScan?.startedAt ?? null, finishedAt: row.lastScan?.finishedAt ?? null },
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export function createDiscoveryService(deps: DiscoveryDeps) {
  const { db, log } = deps;

  async function requireSource(caller: Caller, id: string) {
    const row = await repo.find(db, caller.organizationId, id);
    if (!row) throw new NotFound('Discovery source not found');
    return row;
  }

  /** baseUrl through the one outbound policy (decision 200); the adapters' fetch checks again at connect. */
  function checkBaseUrl(raw: string) {
    assertUriCharacters(raw, 'baseUrl');
    const url = parseHttpUrl(raw, 'baseUrl');
    if (url.username || url.password || url.search || url.hash)
      throw new Invalid('baseUrl must be a plain http(s) URL', [{ field: 'baseUrl', problem: 'has user information, a query or a fragment' }]);
    assertHost(deps.outbound, url.hostname, url.port ? Number(url.port) : undefined, 'baseUrl');
    return url.toString().replace(/\/+$/, '');
  }

  async function checkCredential(caller: Caller, provider: string, credentialId: string) {
    const found = await deps.credentials.readValueById(caller, credentialId);
    if (!found || found.type !== provider) {
      throw new Invalid(`credentialId must name a ${provider} integration credential of this organization`, [
        { field: 'credentialId', problem: `no ${provider} credential with this id` },
      ]);
    }
  }

  /** What the adapters are handed for one scan or refresh: the credential, the bound and the ledger. */
  async function targetOf(source: SourceRow, ledger: RequestLedger, signal?: AbortSignal): Promise<DiscoveryTarget> {
    const found = await deps.credentials.readValueById(systemCaller({ organizationId: source.organizationId }), source.credentialId);
    if (!found || found.type !== source.provider) throw new Invalid("The source's credential is gone or of another type");
    const v = found.value;
    const auth: DiscoveryAuth = v.token
      ? { kind: 'token', token: v.token }
      : { kind: 'github-app', appId: v.appId ?? '', privateKey: v.privateKey ?? '', installationId: v.installationId ?? '' };
    return { baseUrl: source.baseUrl, owner: source.owner, auth, maxInFlight: deps.maxInFlight, ledger, signal };
  }

  function ledgerFor(source: SourceRow, record: DiscoveryScanRecord): RequestLedger {
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

  return {
    async list(caller: Caller): Promise<Source[]> {
      return (await repo.list(db, caller.organizationId)).map(toSource);
    },

    async get(caller: Caller, id: string): Promise<Source> {
      return toSource(await requireSource(caller, id));
    },

    async create(caller: Caller, body: CreateSourceBody): Promise<Source> {
      assertSourceValues(body);
      const baseUrl = checkBaseUrl(body.baseUrl ?? DEFAULT_BASE_URL[body.provider]);
      await checkCredential(caller, body.provider, body.credentialId);
      const row = await repo.insert(db, {
        organizationId: caller.organizationId,
        provider: body.provider,
        baseUrl,
        owner: body.owner.replace(/\/+$/, ''),
        credentialId: body.credentialId,
        filePath: body.filePath ?? DEFAULT_FILE_PATH,
        branch: body.branch ?? null,
        schedule: body.schedule ?? DEFAULT_SCHEDULE,
        includeArchived: body.includeArchived ?? false,
        repositoryPattern: body.repositoryPattern ?? null,
      });
      return toSource(row);
    },

    async update(caller: Caller, id: string, body: UpdateSourceBody): Promise<Source> {
      const row = await requireSource(caller, id);
      assertSourceValues(body);
      const values: Partial<SourceRow> = { ...body } as Partial<SourceRow>;
      if (body.baseUrl !== undefined) values.baseUrl = checkBaseUrl(body.baseUrl);
      if (body.owner !== undefined) values.owner = body.owner.replace(/\/+$/, '');
      if (body.credentialId !== undefined) await checkCredential(caller, row.provider, body.credentialId);
      // What is read changed: the next scan reads every repository again (no 304 shortcut).
      const reread = ['baseUrl', 'owner', 'filePath', 'branch', 'includeArchived', 'repositoryPattern'].some((k) => k in body);
      if (reread) {
        values.pages = {};
        await repo.forgetReadings(db, row.id);
      }
      return toSource((await repo.update(db, row.id, values)) ?? row);
    },

    /** The source and its records go; the entities it registered stay until removed by hand (documented). */
    async remove(caller: Caller, id: string): Promise<void> {
      if (!(await repo.delete(db, caller.organizationId, id))) throw new NotFound('Discovery source not found');
    },

    async status(caller: Caller, id: string): Promise<Status> {
      const row = await requireSource(caller, id);
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
      const row = await requireSource(caller, id);
      if (row.lastScan?.state !== 'running' && row.lastScan?.state !== 'paused') await repo.saveScan(db, row.id, freshScan('manual', 'queued'));
      await deps.queueScan(row.id, 'manual');
      return { sourceId: row.id, state: 'queued' as const };
    },

    /** The scan job's body (decision 1012): never throws for one repository; a listing failure fails the scan. */
    async scan(sourceId: string, trigger: DiscoveryScanRecord['trigger'], signal?: AbortSignal) {
      const source = await repo.findAny(db, sourceId);
      if (!source) return;
      const record = freshScan(trigger);
      await repo.saveScan(db, source.id, record, { lastScanStartedAt: new Date() });
      const ledger = ledgerFor(source, record);
      const caller = systemCaller({ organizationId: source.organizationId });
      let pages: SourceRow['pages'] | undefined;
      try {
        pages = await runScan(deps, caller, source, deps.providers[source.provider as 'github'], await targetOf(source, ledger, signal), record);
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

    /** A webhook's refresh of one repository (renamed, archived, deleted, or its file pushed). */
    async refreshRepository(sourceId: string, externalId: string, signal?: AbortSignal) {
      const source = await repo.findAny(db, sourceId);
      if (!source) return;
      const record = freshScan('manual');
      const target = await targetOf(source, ledgerFor(source, record), signal);
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
      await repo.upsertRepositories(db, await read(caller, [{ r: found, known }], known?.page ?? 'webhook', null, true));
    },

    /** Sources a webhook may concern: this provider's, in the delivery's organization when it names one. */
    async sourcesFor(caller: Caller, provider: 'github' | 'gitlab') {
      const rows = await repo.ofProvider(db, provider);
      return caller.organizationId ? rows.filter((r) => r.organizationId === caller.organizationId) : rows;
    },

    /** Sources whose schedule is due (the scheduler's tick). */
    async dueSources(now = new Date()) {
      return (await repo.all(db)).filter((s) => isDue(s, now));
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

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
