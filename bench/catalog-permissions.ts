import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Caller } from '../src/kernel/caller.js';
import { median, round2, type BenchContext, type BenchRow } from './lib.js';

/**
 * `permissions` on the catalog page (issue 35, decisions 958, 1140–1142): the SAME caller's page
 * with the decoration and without it (`permissions=false`, the list's own flag: the same route,
 * cache, page object and serialise-once memo, only the decoration skipped), measured in alternating
 * rounds so that the machine's load falls on both alike. Used by the catalog scenario.
 */
const ROUNDS = Number(process.env.BENCH_PERMISSION_ROUNDS ?? 6);
const ROUND_S = Number(process.env.BENCH_PERMISSION_ROUND_S ?? 2);
/** The team the bench's maintainer belongs to: it owns the first page's first row (i = 0). */
export const BENCH_TEAM = 'team-0';

export interface BenchMaintainer {
  token: string;
  caller: Caller;
}

/** A signed-in maintainer of {@link BENCH_TEAM}. Creating the team links its seeded components (and drops cached pages). */
export async function teamMaintainer(ctx: BenchContext, tag: string): Promise<BenchMaintainer> {
  const post = async (path: string, body: object, token?: string) => {
    const res = await fetch(`${ctx.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string; token: string };
  };
  const username = `bench-member-${tag}`;
  const password = `Bench-${randomBytes(6).toString('hex')}`;
  const user = await post('/api/v1/auth/register', { username, email: `${username}@bench.test`, password });
  const team = await post('/api/v1/teams', { name: BENCH_TEAM, type: 'dev' }, ctx.adminToken);
  await post(`/api/v1/teams/${team.id}/members/${user.id}`, { role: 'maintainer' }, ctx.adminToken);
  const { token } = await post('/api/v1/auth/login', { username, password });
  const actor = { kind: 'user' as const, userId: user.id, username, roles: ['user'], isAdmin: false };
  return { token, caller: { actor, organizationId: null, requestId: 'bench' } };
}

interface Side {
  /** Process CPU (server and in-process generator) per request, µs: what the machine's load hardly moves. */
  cpuUs: number[];
  rps: number[];
  p50: number[];
  p99: number[];
  non2xx: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** One caller's page with and without `permissions`, rounds alternating (ABBA), after a warm-up of both. */
async function pair(ctx: BenchContext, bearer: string) {
  const headers = { authorization: `Bearer ${bearer}` };
  const paths = {
    with: '/api/v1/catalog/components?take=20',
    without: '/api/v1/catalog/components?take=20&permissions=false',
  };
  for (const path of Object.values(paths)) await ctx.load({ path, headers, durationS: 1 });
  const sides: Record<'with' | 'without', Side> = {
    with: { cpuUs: [], rps: [], p50: [], p99: [], non2xx: 0 },
    without: { cpuUs: [], rps: [], p50: [], p99: [], non2xx: 0 },
  };
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
    for (const side of order) {
      const cpu = process.cpuUsage();
      const res = await ctx.load({ path: paths[side], headers, durationS: ROUND_S });
      const used = process.cpuUsage(cpu);
      sides[side].cpuUs.push((used.user + used.system) / Math.max(1, res.rps * ROUND_S));
      sides[side].rps.push(res.rps);
      sides[side].p50.push(res.p50Ms);
      sides[side].p99.push(res.p99Ms);
      sides[side].non2xx += res.non2xx;
    }
    if (sides.without.rps[r]! > 0) ratios.push(sides.with.rps[r]! / sides.without.rps[r]!);
  }
  return { sides, ratio: mean(sides.with.rps) / mean(sides.without.rps), ratios };
}

const CALLS = 2000;

/**
 * Waits (at most 60 s) until this process is nearly idle: creating the team re-links its components,
 * whose events start background work (scorecards, search, notifications) that would otherwise fall
 * inside the first pair's rounds. Returns the seconds waited.
 */
async function settled(): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const cpu = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 500));
    const used = process.cpuUsage(cpu);
    if ((used.user + used.system) / 1000 < 50) break; // under 10% of one core
  }
  return Math.round((performance.now() - started) / 100) / 10;
}

/**
 * The service's `list` in process, the maintainer's page with and without `permissions`, in
 * alternating batches: process CPU per call, which other programs' load hardly changes (no HTTP,
 * no load generator; the page and memberships come from the cache).
 */
async function inProcess(ctx: BenchContext, size: number, caller: Caller): Promise<BenchRow> {
  const catalog = ctx.app.hangar.modules.catalog;
  const us: Record<'with' | 'without', number[]> = { with: [], without: [] };
  for (let r = 0; r < ROUNDS * 2; r++) {
    for (const side of r % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
      const q = { skip: 0, take: 20, ...(side === 'without' ? { permissions: false } : {}) };
      const cpu = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await catalog.list(caller, q);
      const used = process.cpuUsage(cpu);
      if (r > 0) us[side].push((used.user + used.system) / CALLS); // round 0 warms up
    }
  }
  const w = median(us.with);
  const wo = median(us.without);
  return {
    scenario: `catalog list() in process, team maintainer, with vs without permissions (${size} components)`,
    database: ctx.kind,
    note: `CPU per call ${round2(w)} µs with, ${round2(wo)} µs without (median of ${ROUNDS * 2 - 1} alternating batches of ${CALLS}): without/with ${round2(wo / w)}; load ${loadavg()[0]!.toFixed(1)}`,
  };
}

export async function measurePermissions(
  ctx: BenchContext,
  size: number,
  maintainer: BenchMaintainer,
): Promise<BenchRow[]> {
  const waited = await settled();
  const rows: BenchRow[] = [await inProcess(ctx, size, maintainer.caller)];
  rows[0]!.note += `; waited ${waited} s for the server to settle`;
  for (const [who, bearer] of [
    ['team maintainer', maintainer.token],
    ['admin', ctx.adminToken],
  ] as const) {
    await settled();
    const loadBefore = loadavg()[0]!.toFixed(1);
    const { sides, ratio, ratios } = await pair(ctx, bearer);
    const loadAfter = loadavg()[0]!.toFixed(1);
    for (const side of ['with', 'without'] as const) {
      const s = sides[side];
      rows.push({
        scenario: `catalog page ${side} permissions (permissions=${side === 'with' ? 'true' : 'false'}), ${who} (${size} components)`,
        database: ctx.kind,
        rps: Math.round(mean(s.rps)),
        p50Ms: median(s.p50),
        p99Ms: median(s.p99),
        note:
          `HTTP, take=20, cached per CACHE_TTL; ${ROUNDS} rounds of ${ROUND_S} s alternating with/without; rps mean, p50/p99 median of rounds` +
          `; CPU ${Math.round(median(s.cpuUs))} µs/request (median of rounds)` +
          (side === 'with'
            ? `; ratio ${round2(ratio)} (median round ${round2(median(ratios))}, rounds ${round2(Math.min(...ratios))}–${round2(Math.max(...ratios))}); load ${loadBefore}→${loadAfter}`
            : '') +
          (s.non2xx ? `; ${s.non2xx} non-2xx` : ''),
      });
    }
  }
  return rows;
}
