import { isIP } from 'node:net';
import { Type } from 'typebox';
import { defineSection, list } from './sections.js';

/**
 * How the process meets the network and its dependencies: the proxy in front of it, request,
 * database and Redis timeouts. What clients see when a limit is hit is in docs/operations.md.
 */
export interface RuntimeConfig {
  /**
   * Fastify's `trustProxy`: false, a hop count, or proxy addresses/CIDRs (comma-separated).
   * `true` means one hop: the client address is the one the proxy in front appended (the rightmost
   * X-Forwarded-For entry), never the leftmost value, which the client chooses.
   */
  readonly trustProxy: false | number | string;
  /** Whole request, body included (`REQUEST_TIMEOUT_S`); 0 turns it off. */
  readonly requestTimeoutMs: number;
  readonly databaseStatementTimeoutMs: number;
  readonly databaseConnectTimeoutMs: number;
  /** Client-side deadline of one database round trip made for a request (decision 408). */
  readonly databaseRequestTimeoutMs: number;
  readonly databasePoolSize: number;
  readonly redisCommandTimeoutMs: number;
}

declare module './sections.js' {
  interface ConfigSections {
    runtime: RuntimeConfig;
  }
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string): false | number | string {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === '') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = list(v);
  const bad = entries.find((e) => !isProxyAddress(e));
  if (bad !== undefined || entries.length === 0) {
    throw new Error(
      `Invalid setting TRUST_PROXY: "${bad ?? value}" is not true, false, a hop count, an IP address, a CIDR range or loopback/linklocal/uniquelocal`,
    );
  }
  return entries.join(',');
}

export const runtimeSettings = defineSection(
  'runtime',
  {
    TRUST_PROXY: Type.String({ maxLength: 2000, default: 'false' }),
    REQUEST_TIMEOUT_S: Type.Integer({ minimum: 0, maximum: 3600, default: 30 }),
    DATABASE_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 30_000 }),
    DATABASE_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 5_000 }),
    DATABASE_REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 10_000 }),
    DATABASE_POOL_SIZE: Type.Integer({ minimum: 2, maximum: 1000, default: 10 }),
    REDIS_COMMAND_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 5_000 }),
  },
  (env) => ({
    trustProxy: parseTrustProxy(env.TRUST_PROXY as string),
    requestTimeoutMs: (env.REQUEST_TIMEOUT_S as number) * 1000,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS as number,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS as number,
    databaseRequestTimeoutMs: env.DATABASE_REQUEST_TIMEOUT_MS as number,
    databasePoolSize: env.DATABASE_POOL_SIZE as number,
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS as number,
  }),
);

/**
 * Fastify's `trustProxy` option for the setting. A hop count becomes a function trusting the
 * socket peer and the `hops - 1` entries before it (Fastify 5 ignores a bare number), so the client
 * address is the `hops`-th X-Forwarded-For entry from the right.
 */
export function fastifyTrustProxy(
  value: false | number | string,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}
