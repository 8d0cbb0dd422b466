#!/usr/bin/env node
// `npm test`: make sure PostgreSQL, Redis and git are there (start or install them if not, idempotently),
// run the whole Vitest suite, and print the plain closing line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';

const pgUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

const sh = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts });
const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
const isRoot = process.getuid?.() === 0;

function reachable(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitFor(host, port, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await reachable(host, port, 500)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

let aptUpdated = false;
function aptInstall(...pkgs) {
  if (!isRoot || !has('apt-get')) return false;
  if (!aptUpdated) sh('apt-get', ['update', '-qq']);
  aptUpdated = true;
  return (
    sh('apt-get', ['install', '-y', '-qq', ...pkgs], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0
  );
}

async function ensurePostgres() {
  const { hostname: host, port = '5432' } = pgUrl;
  if (await reachable(host, port)) return;
  console.log(`[test] PostgreSQL not reachable on ${host}:${port}; starting it`);
  if (!existsSync('/etc/postgresql')) aptInstall('postgresql');
  if (existsSync('/etc/postgresql')) {
    for (const version of readdirSync('/etc/postgresql'))
      sh('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  }
  if (!(await waitFor(host, port, 30)))
    throw new Error('PostgreSQL could not be started; set TEST_DATABASE_URL to a reachable server');
  // A freshly installed cluster has no `test` database and no trust auth for TCP: make both.
  const db = pgUrl.pathname.slice(1) || 'test';
  sh(
    'su',
    ['postgres', '-c', `psql -tAc "SELECT 1 FROM pg_database WHERE datname='${db}'" | grep -q 1 || createdb ${db}`],
    { stdio: 'ignore' },
  );
}

async function ensureRedis() {
  const { hostname: host, port = '6379' } = redisUrl;
  if (await reachable(host, port)) return;
  console.log(`[test] Redis not reachable on ${host}:${port}; starting it`);
  if (!has('redis-server')) aptInstall('redis-server');
  sh('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  if (!(await waitFor(host, port, 20)))
    throw new Error('Redis could not be started; set TEST_REDIS_URL to a reachable server');
}

function ensureGit() {
  if (!has('git')) aptInstall('git');
  if (!has('git')) throw new Error('git is required by the tests and could not be installed');
}

/**
 * Real binaries the integration tests run: buildah (image builds), the CNCF registry, Prometheus, Chromium (portal browser tests);
 * podman with runc and mmdebstrap for the container image test, unzip for its kubectl fallback (docs/deploy.md).
 */
const BINARIES = {
  buildah: 'buildah',
  'docker-registry': 'docker-registry',
  prometheus: 'prometheus',
  chromium: 'chromium',
  podman: 'podman',
  runc: 'runc',
  mmdebstrap: 'mmdebstrap',
  unzip: 'unzip',
};

function ensureBinaries() {
  const missing = Object.entries(BINARIES).filter(([bin]) => !has(bin));
  if (missing.length) aptInstall(...missing.map(([, pkg]) => pkg));
  for (const [bin] of missing)
    if (!has(bin)) throw new Error(`${bin} is required by the tests and could not be installed`);
}

/**
 * Every Debian package the suite needs and the machine lacks, in one apt-get call (decision 912): one
 * dependency resolution and download queue, and dpkg's triggers (man-db, ldconfig, …) run once rather
 * than after each of four calls. The ensure* steps then find them installed.
 */
async function installMissingPackages() {
  const pkgs = Object.entries(BINARIES)
    .filter(([bin]) => !has(bin))
    .map(([, pkg]) => pkg);
  if (!has('git')) pkgs.push('git');
  if (!existsSync('/etc/postgresql') && !(await reachable(pgUrl.hostname, pgUrl.port || '5432')))
    pkgs.push('postgresql');
  if (!has('redis-server') && !(await reachable(redisUrl.hostname, redisUrl.port || '6379'))) pkgs.push('redis-server');
  if (pkgs.length) aptInstall(...pkgs);
}

async function main() {
  await installMissingPackages();
  ensureGit();
  ensureBinaries();
  await ensurePostgres();
  await ensureRedis();
  const report = 'test-results.json';
  rmSync(report, { force: true });
  const args = [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ];
  const run = sh('npx', args, { env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR } });
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed = r.numPassedTests ?? 0;
    failed = r.numFailedTests ?? 0;
    // A file that fails to load has no failed test, only a failed suite: count it too.
    if (failed === 0 && run.status !== 0) failed = Math.max(1, r.numFailedTestSuites ?? 0);
    skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else failed = 1;
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(`[test] ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
