import { request } from 'node:http';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditReads } from '../../../src/modules/audit/audit.reads.js';
import { bearer, buildTestApp, testDbKind, uniq, type TestApp } from '../../helpers/app.js';

/**
 * The export streams with flat memory (decision 985, tested by decision 1044): 100,000 records read
 * through a real HTTP connection. Two checks that do not depend on timing: while the client stops
 * reading, the server stops reading pages (backpressure reaches the database); and the heap that
 * survives a forced collection stays far below the export's size while it streams.
 */
const ROWS = 100_000;
// On PGlite the same export takes about four minutes a format on a busy machine: PostgreSQL only (decision 1044).
const onPglite = testDbKind() === 'pglite';
const PAGE = 1000;
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

let t: TestApp;
let token: string;
let org: string;
let socketPath: string;
// Counts the pages the export reads (a spy would keep every page's rows alive, which is what is measured).
const pageSizes: number[] = [];
const page = auditReads.page;
auditReads.page = (db, filter, limit, after, range) => {
  pageSizes.push(limit);
  return page.call(auditReads, db, filter, limit, after, range);
};

beforeAll(async () => {
  if (onPglite) return;
  t = await buildTestApp();
  token = await t.adminToken();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(token),
    payload: { name: 'Export', slug: uniq('exp').toLowerCase() },
  });
  org = res.json().id;
  // Bulk rows, 10,000 a statement (the pool's query timeout), in the organization's chain (an organization's records
  // are its chain: the list reads them through `(chain, n)`, decision 1211); the export does not walk the chain, so
  // their seals take seqs far past the organization's own.
  for (let from = 1; from <= ROWS; from += 10_000) {
    // Sealed as they are inserted, so no sealer pass runs during the export (decision 1090).
    await t.database.db.execute(sql`
    WITH r AS (
    INSERT INTO audit_records (id, chain, at, organization_id, actor_user_id, actor_username, actor_via, action,
      resource_type, resource_id, resource_ref, outcome, status_code, request_id, ip, user_agent, changes)
    SELECT gen_random_uuid(), ${org}, now() - make_interval(secs => g), ${org}::uuid, NULL, 'bulk-user', 'token',
      'bulk.export.row', 'component', 'c-' || g, 'component:default/c-' || g, 'success', 200, 'req-' || g, '10.0.0.1',
      'export-test/1', jsonb_build_object('description', jsonb_build_array('before, "' || g || '"', 'after ' || g))
    FROM generate_series(${from}::int, ${from + 9_999}::int) AS g
    RETURNING id, chain, resource_id)
    INSERT INTO audit_seals (record_id, chain, seq, prev_hash, hash)
    SELECT id, chain, 1000000 + substr(resource_id, 3)::bigint, repeat('0', 64), md5(resource_id) || md5(resource_id || '+') FROM r`);
  }
  // A Unix socket, not loopback TCP: TCP autotunes its buffers up to tcp_rmem's maximum (32 MB on some machines, about the
  // whole export), so how many pages a stalled client lets through would depend on the machine. A Unix socket's buffers are
  // fixed (net.core.wmem_default), so the count below measures the server's backpressure, not the kernel's tuning.
  socketPath = join(tmpdir(), `hangar-audit-export-${process.pid}.sock`);
  await rm(socketPath, { force: true });
  await t.app.listen({ path: socketPath });
}, 240_000);
afterAll(async () => {
  auditReads.page = page;
  await t?.close();
});

interface Outcome {
  status: number;
  lines: number;
  bytes: number;
  pagesWhilePaused: number;
  heapGrowth: number[];
}

/**
 * Reads the export chunk by chunk, keeping nothing but counts. After the first chunk it stops
 * reading until the server has stopped fetching pages; every 4 MB it measures the surviving heap.
 */
function readExport(format: 'ndjson' | 'csv'): Promise<Outcome> {
  const baseline = heap();
  pageSizes.length = 0;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        path: `/api/v1/audit/export?format=${format}&action=bulk.export`,
        headers: { ...bearer(token), 'x-organization-id': org },
      },
      (res) => {
        const out: Outcome = { status: res.statusCode ?? 0, lines: 0, bytes: 0, pagesWhilePaused: -1, heapGrowth: [] };
        let nextSample = 4 << 20;
        res.on('data', (chunk: Buffer) => {
          out.bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) out.lines++;
          if (out.pagesWhilePaused === -1) {
            res.pause();
            void settled().then((n) => {
              out.pagesWhilePaused = n;
              res.resume();
            });
          } else if (out.bytes >= nextSample) {
            nextSample += 4 << 20;
            out.heapGrowth.push(heap() - baseline);
          }
        });
        res.on('end', () => resolve(out));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The number of pages fetched once it stops changing (the server is blocked on the paused client). */
async function settled(): Promise<number> {
  let last = -1;
  while (pageSizes.length !== last) {
    last = pageSizes.length;
    await new Promise((r) => setTimeout(r, 300));
  }
  return last;
}

describe.skipIf(onPglite)('audit export of 100,000 records', () => {
  for (const format of ['ndjson', 'csv'] as const) {
    it(`streams ${format} through HTTP with bounded memory`, async () => {
      const out = await readExport(format);
      expect(out.status).toBe(200);
      expect(out.lines).toBe(format === 'csv' ? ROWS + 1 : ROWS);
      // Every page was read, one after the other, in pages of 1000.
      expect(pageSizes.length).toBeGreaterThanOrEqual(ROWS / PAGE);
      expect(pageSizes.every((n) => n === PAGE)).toBe(true);
      // A stalled client holds the server to the few pages that fill the socket's buffers, not the export.
      expect(out.pagesWhilePaused).toBeGreaterThan(0);
      expect(out.pagesWhilePaused).toBeLessThanOrEqual(20);
      // What survives a collection mid-stream is a small part of the export (tens of MB in all).
      expect(out.heapGrowth.length).toBeGreaterThan(5);
      expect(Math.max(...out.heapGrowth)).toBeLessThan(Math.min(out.bytes / 3, 24 << 20));
    }, 240_000);
  }
});
