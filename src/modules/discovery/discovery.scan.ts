import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { DiscoveryScanRecord } from '../../db/schema/index.js';
import type { Caller } from '../../kernel/caller.js';
import type { DiscoveredRepository, DiscoveryProvider, DiscoveryTarget } from './discovery.ports.js';
import { discoveryRepository as repo, type NewRepositoryRow, type RepositoryRow, type SourceRow } from './discovery.repository.js';
import { compileRepositoryPattern } from './discovery.schemas.js';

type FileLocationKey = { url: string; branch: string; path: string };
type Registered =
  { created: unknown[]; updated: unknown[]; unchanged: unknown[]; errors: { message: string }[]; location: { id: string } } | { failed: string };

/** The catalog's verbs a scan registers and removes locations through (decisions 1014, 1017). */
export interface DiscoveryCatalogPort {
  /** One listing page's files at once: one transaction, one cache invalidation; each file's failure is its own. */
  registerFileLocations(caller: Caller, items: { key: FileLocationKey; text: string }[]): Promise<Registered[]>;
  retireLocation(caller: Caller, locationId: string): Promise<number>;
}

export interface ScanDeps {
  db: Database;
  catalog: DiscoveryCatalogPort;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export const freshScan = (trigger: DiscoveryScanRecord['trigger'], state: DiscoveryScanRecord['state'] = 'running'): DiscoveryScanRecord => ({
  state,
  trigger,
  startedAt: state === 'queued' ? null : new Date().toISOString(),
  finishedAt: null,
  pausedUntil: null,
  repositoriesSeen: 0,
  filesFound: 0,
  entities: { created: 0, updated: 0, unchanged: 0, removed: 0 },
  requests: { made: 0, notModified: 0 },
  rateLimit: { remaining: null, resetAt: null },
  error: null,
});

const oneLine = (err: unknown) => (typeof err === 'string' ? err : err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 500);

/** Runs `fn` over `items`, at most `limit` at once. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A file read and waiting for its page's registration (decision 1017). */
interface Pending {
  row: NewRepositoryRow;
  key: FileLocationKey;
  text: string;
  etag: string | null;
}

/** One repository's reading within a scan or a webhook's refresh (decisions 1014, 1017). */
export function createRepositoryReader(deps: ScanDeps, source: SourceRow, provider: DiscoveryProvider, target: DiscoveryTarget, record: DiscoveryScanRecord) {
  const { catalog } = deps;
  const matches = source.repositoryPattern ? compileRepositoryPattern(source.repositoryPattern) : () => true;
  const belongs = (r: DiscoveredRepository) => r.fullName.toLowerCase().startsWith(`${source.owner.toLowerCase()}/`);

  async function retire(caller: Caller, locationId: string | null | undefined) {
    if (locationId) record.entities.removed += await catalog.retireLocation(caller, locationId);
  }

  /** Reads (or skips) one listed repository: its final row, or its file waiting for registration. A failure is the repository's. */
  async function read(caller: Caller, r: DiscoveredRepository, known: RepositoryRow | undefined, page: string, scanId: string | null, force = false) {
    const row: NewRepositoryRow = {
      sourceId: source.id,
      externalId: r.externalId,
      fullName: r.fullName,
      webUrl: r.webUrl,
      page,
      changedAt: r.changedAt,
      fileEtag: known?.fileEtag ?? null,
      locationId: known?.locationId ?? null,
      lastError: known?.lastError ?? null,
      seenScan: scanId ?? known?.seenScan ?? null,
    };
    const included = !(r.archived && !source.includeArchived) && matches(r.fullName) && belongs(r);
    const branch = source.branch ?? r.defaultBranch;
    try {
      if (!included || r.empty || !branch) {
        await retire(caller, row.locationId);
        return { row: { ...row, locationId: null, fileEtag: null, lastError: null } };
      }
      // Incremental: nothing pushed since the last reading (decision 1012); a failed reading left changedAt null.
      if (!force && known && known.changedAt !== null && known.changedAt === r.changedAt) return { row };
      const file = await provider.readFile(target, r, source.filePath, branch, row.locationId ? (row.fileEtag ?? null) : null);
      if (file.status === 'not-modified') {
        record.filesFound++;
        return { row: { ...row, lastError: null } };
      }
      if (file.status === 'missing') {
        await retire(caller, row.locationId);
        return { row: { ...row, locationId: null, fileEtag: null, lastError: null } };
      }
      record.filesFound++;
      const pending: Pending = { row, key: { url: r.webUrl, branch, path: source.filePath }, text: file.text, etag: file.etag };
      return { row, pending };
    } catch (err) {
      if (target.signal?.aborted) throw err;
      // Read again next time: the repository is not marked as read.
      return { row: failed(row, err) };
    }
  }

  /** Registers the files read from one page in one batch; answers their rows. */
  async function register(caller: Caller, pending: Pending[]): Promise<NewRepositoryRow[]> {
    if (pending.length === 0) return [];
    let written: Registered[];
    try {
      written = await catalog.registerFileLocations(
        caller,
        pending.map((p) => ({ key: p.key, text: p.text })),
      );
    } catch (err) {
      if (target.signal?.aborted) throw err;
      return pending.map((p) => failed(p.row, err));
    }
    const rows: NewRepositoryRow[] = [];
    for (const [n, p] of pending.entries()) {
      const w = written[n]!;
      if ('failed' in w) {
        rows.push(failed(p.row, w.failed));
        continue;
      }
      record.entities.created += w.created.length;
      record.entities.updated += w.updated.length;
      record.entities.unchanged += w.unchanged.length;
      // Renamed, transferred, or another default branch: the old location goes.
      try {
        if (p.row.locationId && p.row.locationId !== w.location.id) await retire(caller, p.row.locationId);
      } catch (err) {
        rows.push(failed({ ...p.row, locationId: w.location.id, fileEtag: p.etag }, err));
        continue;
      }
      const problem = w.errors.length ? `${w.errors.length} problem(s); first: ${w.errors[0]!.message}`.slice(0, 500) : null;
      rows.push({ ...p.row, locationId: w.location.id, fileEtag: p.etag, lastError: problem });
    }
    return rows;
  }

  /** Reads repositories (at most `maxInFlight` requests at once), then registers what they held in one batch. */
  return async function readAll(
    caller: Caller,
    listed: { r: DiscoveredRepository; known: RepositoryRow | undefined }[],
    page: string,
    scanId: string | null,
    force = false,
  ) {
    const done: NewRepositoryRow[] = [];
    const pending: Pending[] = [];
    await pool(listed, target.maxInFlight, async ({ r, known }) => {
      const out = await read(caller, r, known, page, scanId, force);
      if (out.pending) pending.push(out.pending);
      else done.push(out.row);
    });
    return [...done, ...(await register(caller, pending))];
  };
}

/** The row of a repository whose reading failed: read again next time (changedAt null). */
const failed = (row: NewRepositoryRow, err: unknown): NewRepositoryRow => ({ ...row, changedAt: null, lastError: oneLine(err) });

/** A whole scan: every listing page (304s reuse what the page held), then the repositories not seen any more. */
export async function runScan(
  deps: ScanDeps,
  caller: Caller,
  source: SourceRow,
  provider: DiscoveryProvider,
  target: DiscoveryTarget,
  record: DiscoveryScanRecord,
) {
  const { db } = deps;
  const scanId = randomUUID();
  const read = createRepositoryReader(deps, source, provider, target, record);
  const pages: SourceRow['pages'] = {};
  let page: string | null = null;
  for (;;) {
    const key: string = page ?? 'first';
    const stored: { etag: string | null; next: string | null } | undefined = source.pages[key];
    const listed = await provider.listPage(target, page, stored?.etag ?? null);
    record.state = 'running';
    record.pausedUntil = null;
    let next: string | null;
    if (listed.notModified && stored) {
      record.repositoriesSeen += await repo.markPageSeen(db, source.id, key, scanId);
      pages[key] = stored;
      next = stored.next;
    } else if (listed.notModified) {
      throw new Error('the provider answered 304 to a page it was not asked about');
    } else {
      const known = new Map(
        (
          await repo.repositoriesByExternalIds(
            db,
            source.id,
            listed.repositories.map((r) => r.externalId),
          )
        ).map((k) => [k.externalId, k]),
      );
      const rows = await read(
        caller,
        listed.repositories.map((r) => ({ r, known: known.get(r.externalId) })),
        key,
        scanId,
      );
      await repo.upsertRepositories(db, rows);
      record.repositoriesSeen += rows.length;
      // A page with a failed repository is read again next time (no ETag kept for it).
      pages[key] = { etag: rows.some((r) => r.lastError && r.changedAt === null) ? null : listed.etag, next: listed.next };
      next = listed.next;
    }
    Object.assign(record.requests, { made: target.ledger.made, notModified: target.ledger.notModified });
    await repo.saveScan(db, source.id, record);
    if (!next) break;
    page = next;
  }
  for (const gone of await repo.unseen(db, source.id, scanId)) {
    if (gone.locationId) record.entities.removed += await deps.catalog.retireLocation(caller, gone.locationId);
    await repo.deleteRepository(db, gone.id);
  }
  return pages;
}
