import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { DiscoveryScanRecord } from '../../db/schema/index.js';
import type { Caller } from '../../kernel/caller.js';
import { mapLimit } from '../../kernel/concurrency.js';
import type { DiscoveredRepository, DiscoveryProvider, DiscoveryTarget } from './discovery.ports.js';
import type { NewRepositoryRow, RepositoryRow, SourceRow } from './discovery.repository.js';
import { compileRepositoryPattern } from './discovery.schemas.js';

type FileLocationKey = { url: string; branch: string; path: string };
type Registered =
  | {
      created: unknown[];
      updated: unknown[];
      unchanged: unknown[];
      errors: { message: string }[];
      location: { id: string };
    }
  | { failed: string };

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

const oneLine = (err: unknown) =>
  (typeof err === 'string' ? err : err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 500);

/** A file read and waiting for its page's registration (decision 1017). */
interface Pending {
  row: NewRepositoryRow;
  key: FileLocationKey;
  text: string;
  etag: string | null;
}

/** What one repository reader works with: the source, its provider and target, and the scan's record. */
interface Reader {
  catalog: DiscoveryCatalogPort;
  source: SourceRow;
  provider: DiscoveryProvider;
  target: DiscoveryTarget;
  record: DiscoveryScanRecord;
  /** Whether a listed repository is the source's: owner, pattern and archive setting. */
  included(r: DiscoveredRepository): boolean;
}

/** One repository's reading within a scan or a webhook's refresh (decisions 1014, 1017). */
export function createRepositoryReader(
  deps: ScanDeps,
  source: SourceRow,
  provider: DiscoveryProvider,
  target: DiscoveryTarget,
  record: DiscoveryScanRecord,
) {
  const matches = source.repositoryPattern ? compileRepositoryPattern(source.repositoryPattern) : () => true;
  const belongs = (r: DiscoveredRepository) => r.fullName.toLowerCase().startsWith(`${source.owner.toLowerCase()}/`);
  const included = (r: DiscoveredRepository) =>
    !(r.archived && !source.includeArchived) && matches(r.fullName) && belongs(r);
  const reader: Reader = { catalog: deps.catalog, source, provider, target, record, included };

  /** Reads repositories (at most `maxInFlight` requests at once): their final rows, and the files waiting for registration. */
  async function readPage(
    caller: Caller,
    listed: { r: DiscoveredRepository; known: RepositoryRow | undefined }[],
    page: string,
    scanId: string | null,
    force = false,
  ) {
    const done: NewRepositoryRow[] = [];
    const pending: Pending[] = [];
    await mapLimit(listed, target.maxInFlight, async ({ r, known }) => {
      const out = await readRepository(reader, caller, { r, known, page, scanId, force });
      if (out.pending) pending.push(out.pending);
      else done.push(out.row);
    });
    return { done, pending };
  }
  const register = (caller: Caller, pending: Pending[]) => registerPage(reader, caller, pending);

  return {
    readPage,
    register,
    /** Reads, then registers what was read in one batch (a webhook's refresh: a page of one). */
    async readAll(...args: Parameters<typeof readPage>) {
      const { done, pending } = await readPage(...args);
      return [...done, ...(await register(args[0], pending))];
    },
  };
}

async function retire(reader: Reader, caller: Caller, locationId: string | null | undefined) {
  if (locationId) reader.record.entities.removed += await reader.catalog.retireLocation(caller, locationId);
}

interface Listed {
  r: DiscoveredRepository;
  known: RepositoryRow | undefined;
  page: string;
  scanId: string | null;
  force: boolean;
}

/** The repository's row as listed, keeping what the last reading stored. */
const listedRow = (source: SourceRow, { r, known, page, scanId }: Listed): NewRepositoryRow => ({
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
});

/** Reads (or skips) one listed repository: its final row, or its file waiting for registration. A failure is the repository's. */
async function readRepository(
  reader: Reader,
  caller: Caller,
  listed: Listed,
): Promise<{ row: NewRepositoryRow; pending?: Pending }> {
  const { source, provider, target, record } = reader;
  const { r, known, force } = listed;
  const row = listedRow(source, listed);
  const branch = source.branch ?? r.defaultBranch;
  try {
    if (!reader.included(r) || r.empty || !branch) {
      await retire(reader, caller, row.locationId);
      return { row: { ...row, locationId: null, fileEtag: null, lastError: null } };
    }
    // Incremental: nothing pushed since the last reading (decision 1012); a failed reading left changedAt null.
    if (!force && known && known.changedAt !== null && known.changedAt === r.changedAt) return { row };
    const etag = row.locationId ? (row.fileEtag ?? null) : null;
    const file = await provider.readFile(target, r, source.filePath, branch, etag);
    if (file.status === 'not-modified') {
      record.filesFound++;
      return { row: { ...row, lastError: null } };
    }
    if (file.status === 'missing') {
      await retire(reader, caller, row.locationId);
      return { row: { ...row, locationId: null, fileEtag: null, lastError: null } };
    }
    record.filesFound++;
    const key = { url: r.webUrl, branch, path: source.filePath };
    return { row, pending: { row, key, text: file.text, etag: file.etag } };
  } catch (err) {
    if (target.signal?.aborted) throw err;
    // Read again next time: the repository is not marked as read.
    return { row: failed(row, err) };
  }
}

/** Registers the files read from one page in one batch; answers their rows. */
async function registerPage(reader: Reader, caller: Caller, pending: Pending[]): Promise<NewRepositoryRow[]> {
  if (pending.length === 0) return [];
  let written: Registered[];
  try {
    written = await reader.catalog.registerFileLocations(
      caller,
      pending.map((p) => ({ key: p.key, text: p.text })),
    );
  } catch (err) {
    if (reader.target.signal?.aborted) throw err;
    return pending.map((p) => failed(p.row, err));
  }
  const rows: NewRepositoryRow[] = [];
  for (const [n, p] of pending.entries()) rows.push(await registeredRow(reader, caller, p, written[n]!));
  return rows;
}

/** One file's row after its registration: counted in the scan's record, its old location retired. */
async function registeredRow(reader: Reader, caller: Caller, p: Pending, w: Registered): Promise<NewRepositoryRow> {
  if ('failed' in w) return failed(p.row, w.failed);
  const { entities } = reader.record;
  entities.created += w.created.length;
  entities.updated += w.updated.length;
  entities.unchanged += w.unchanged.length;
  // Renamed, transferred, or another default branch: the old location goes.
  try {
    if (p.row.locationId && p.row.locationId !== w.location.id) await retire(reader, caller, p.row.locationId);
  } catch (err) {
    return failed({ ...p.row, locationId: w.location.id, fileEtag: p.etag }, err);
  }
  const problem = w.errors.length
    ? `${w.errors.length} problem(s); first: ${w.errors[0]!.message}`.slice(0, 500)
    : null;
  return { ...p.row, locationId: w.location.id, fileEtag: p.etag, lastError: problem };
}

/** The row of a repository whose reading failed: read again next time (changedAt null). */
const failed = (row: NewRepositoryRow, err: unknown): NewRepositoryRow => ({
  ...row,
  changedAt: null,
  lastError: oneLine(err),
});
