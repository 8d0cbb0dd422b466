import { randomUUID } from 'node:crypto';
import type { DiscoveryScanRecord } from '../../db/schema/index.js';
import type { Caller } from '../../kernel/caller.js';
import type { DiscoveryProvider, DiscoveryTarget } from './discovery.ports.js';
import { createRepositoryReader, type ScanDeps } from './discovery.reader.js';
import { discoveryRepository as repo, type SourceRow } from './discovery.repository.js';

export const freshScan = (
  trigger: DiscoveryScanRecord['trigger'],
  state: DiscoveryScanRecord['state'] = 'running',
): DiscoveryScanRecord => ({
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
  const reader = createRepositoryReader(deps, source, provider, target, record);
  const pages: SourceRow['pages'] = {};
  // The previous page's registration runs while the next page is listed and its files are read
  // (decision 1032): reading is waiting on the provider, registering is waiting on the database.
  // One registration at a time, in page order.
  let writing: Promise<void> = Promise.resolve();
  let page: string | null = null;
  try {
    await scanPages();
  } finally {
    // Nothing of a failed scan keeps writing after it.
    await writing.catch(() => undefined);
  }
  await writing;
  Object.assign(record.requests, { made: target.ledger.made, notModified: target.ledger.notModified });
  await repo.saveScan(db, source.id, record);
  for (const gone of await repo.unseen(db, source.id, scanId)) {
    if (gone.locationId) record.entities.removed += await deps.catalog.retireLocation(caller, gone.locationId);
    await repo.deleteRepository(db, gone.id);
  }
  return pages;

  async function scanPages() {
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
        Object.assign(record.requests, { made: target.ledger.made, notModified: target.ledger.notModified });
        await repo.saveScan(db, source.id, record);
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
        const { done, pending } = await reader.readPage(
          caller,
          listed.repositories.map((r) => ({ r, known: known.get(r.externalId) })),
          key,
          scanId,
        );
        await writing;
        writing = (async () => {
          const rows = [...done, ...(await reader.register(caller, pending))];
          await repo.upsertRepositories(db, rows);
          record.repositoriesSeen += rows.length;
          // A page with a failed repository is read again next time (no ETag kept for it).
          pages[key] = {
            etag: rows.some((r) => r.lastError && r.changedAt === null) ? null : listed.etag,
            next: listed.next,
          };
          Object.assign(record.requests, { made: target.ledger.made, notModified: target.ledger.notModified });
          await repo.saveScan(db, source.id, record);
        })();
        // Awaited before the next page's registration or at the end; a failure is the scan's then.
        writing.catch(() => undefined);
        next = listed.next;
      }
      if (!next) break;
      page = next;
    }
  }
}
