/**
 * `npm run bench`: starts the server in-process on loopback for each database (embedded PGlite and
 * PostgreSQL), runs every scenario (bench/core.ts and bench/scenarios/*.ts) and writes BENCHMARKS.md.
 * Load is bounded in time and only ever sent to 127.0.0.1.
 *
 *   npm run bench                       # everything
 *   npm run bench -- catalog iac        # only scenarios whose file name matches
 *   npm run bench -- =catalog           # only the scenario of exactly that name
 *   BENCH_DATABASES=pglite npm run bench
 *   BENCH_NAME_PREFIX=mine BENCH_PORT=41000 npm run bench -- portal   # own database name and port on a shared machine
 *   BENCH_DB_PREFIX=mine npm run bench    # PostgreSQL databases named mine_<random> (default hangar_bench)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { projectRoot } from '../src/kernel/paths.js';
import { load, type BenchRow, type Scenario } from './lib.js';

const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'bench-admin', email: 'bench-admin@hangar.test', password: 'BenchPassw0rd' };
const filters = process.argv.slice(2);
const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
/** The bench database is `<prefix>_bench_<random>`; the server listens on BENCH_PORT (0: any free port). */
const NAME_PREFIX = process.env.BENCH_NAME_PREFIX ?? 'hangar';
const PORT = Number(process.env.BENCH_PORT ?? 0);

async function scenarios(): Promise<{ name: string; run: Scenario }[]> {
  const dir = join(projectRoot, 'bench', 'scenarios');
  const files = [
    'core.ts',
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `scenarios/${f}`),
  ];
  const out = [];
  for (const file of files) {
    const name = file.replace(/^scenarios\//, '').replace(/\.ts$/, '');
    // `=name` runs that scenario alone (`catalog` also matches `portal-catalog`).
    if (filters.length && !filters.some((f) => (f.startsWith('=') ? name === f.slice(1) : name.includes(f)))) continue;
    const mod = await import(pathToFileURL(join(projectRoot, 'bench', file)).href);
    out.push({ name, run: mod.default as Scenario });
  }
  return out;
}

async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> } | undefined> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
    return { handle, drop: () => handle.close() };
  }
  const name = `${process.env.BENCH_DB_PREFIX ?? `${NAME_PREFIX}_bench`}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.warn(`PostgreSQL at ${PG_URL} is not reachable (${(err as Error).message}); skipping it`);
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 20 });
  return {
    handle,
    async drop() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function runFor(kind: 'pglite' | 'postgres', list: { name: string; run: Scenario }[]): Promise<BenchRow[]> {
  const db = await openBenchDatabase(kind);
  if (!db) return [];
  const env = {
    IAC_INGEST_TOKEN: randomBytes(32).toString('hex'),
    GITHUB_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    // The webhooks scenario's receivers listen on 127.0.0.1 (bench load never leaves loopback).
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: 'off',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  const app = await buildApp(config, { database: db.handle, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const loginRes = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  const adminToken = (await loginRes.json()).token as string;
  const rows: BenchRow[] = [];
  try {
    for (const s of list) {
      console.log(`[${kind}] ${s.name}`);
      const ctx = {
        database: db.handle,
        app,
        kind,
        baseUrl,
        adminToken,
        env,
        load: (o: Parameters<typeof load>[1]) => load(baseUrl, o),
      };
      for (const row of await s.run(ctx)) {
        rows.push(row);
        console.log(`  ${row.scenario}: ${fmt(row)}`);
      }
    }
  } finally {
    await app.close();
    await db.drop();
  }
  return rows;
}

const fmt = (r: BenchRow) =>
  [
    r.rps !== undefined ? `${r.rps} req/s` : '',
    r.p50Ms !== undefined ? `p50 ${r.p50Ms} ms` : '',
    r.p99Ms !== undefined ? `p99 ${r.p99Ms} ms` : '',
    r.seconds !== undefined ? `${r.seconds.toFixed(2)} s` : '',
  ]
    .filter(Boolean)
    .join(', ');

/**
 * Rewrites BENCHMARKS.md: the lines of scenarios run now replace their earlier lines (same
 * scenario and database), lines of scenarios not run now are kept, and the sections written by
 * hand below the table (memory and start) are kept as they are. So `npm run bench -- hot-path`
 * refreshes just those lines.
 */
function writeReport(rows: BenchRow[]) {
  const cell = (v: number | undefined, unit = '') => (v === undefined ? '' : `${v}${unit}`);
  const line = (r: BenchRow) =>
    `| ${r.scenario} | ${r.database} | ${cell(r.rps)} | ${cell(r.p50Ms)} | ${cell(r.p99Ms)} | ${r.seconds === undefined ? '' : r.seconds.toFixed(2)} | ${r.note ?? ''} |`;
  const file = join(projectRoot, 'BENCHMARKS.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const handWritten = previous.indexOf('\n## ');
  const keyOf = (scenario: string, database: string) => `${scenario.trim()}\u0000${database.trim()}`;
  const fresh = new Map(rows.map((r) => [keyOf(r.scenario, r.database), line(r)]));
  const table: string[] = [];
  for (const old of (handWritten >= 0 ? previous.slice(0, handWritten) : previous).split('\n')) {
    const cells = old.split('|');
    if (!old.startsWith('| ') || old.startsWith('| Scenario ') || cells.length < 4) continue;
    const key = keyOf(cells[1]!, cells[2]!);
    table.push(fresh.get(key) ?? old);
    fresh.delete(key);
  }
  table.push(...fresh.values());
  const lines = [
    '# Benchmarks',
    '',
    `Last measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    'Server and load generator (autocannon, 10 connections, 5 s per line) share the machine, on loopback;',
    'figures are therefore conservative. The hot-path lines say their generator: autocannon in the',
    "server's thread, or wrk (when installed) in a separate process. Rate limits are off for the run.",
    'A run replaces the lines of the scenarios it ran; the sections after the table are written by hand.',
    '',
    '| Scenario | Database | req/s | p50 (ms) | p99 (ms) | one-shot (s) | Note |',
    '|---|---|---:|---:|---:|---:|---|',
    ...table,
    '',
  ];
  if (handWritten >= 0) lines.push(previous.slice(handWritten + 1));
  writeFileSync(file, lines.join('\n'));
}

async function main() {
  const list = await scenarios();
  const rows: BenchRow[] = [];
  for (const kind of kinds) rows.push(...(await runFor(kind, list)));
  writeReport(rows);
  console.log(`\nWrote BENCHMARKS.md (${rows.length} lines)`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
