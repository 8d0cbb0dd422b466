import { randomBytes } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { ConfigError, type ConfigSection, type ConfigSections } from './sections.js';
import { policySettings } from './policy.js';
import { searchSettings } from './search.js';
import { costSettings } from './cost.js';
import { registrySettings } from './registry.js';
import { gatewaySettings } from './gateway.js';
import { pipelinesSettings } from './pipelines.js';
import { ciSettings } from './ci.js';
import { clusterSettings } from './cluster.js';
import { catalogSettings } from './catalog.js';
import { apiSpecsSettings } from './api-specs.js';
import { runtimeSettings } from './runtime.js';
import { gitSettings, jobsSettings } from './git.js';
import { outboundSettings } from './outbound.js';
import { portalSettings } from './portal.js';
import { discoverySettings } from './discovery.js';
import { doraSettings } from './dora.js';
import { identitySettings } from './identity.js';
import { demoSettings } from './demo.js';
import { auditSettings, webhooksSettings } from './audit.js';

/** Every area's settings (src/config/<area>.ts): one line each. */
const SECTIONS: ConfigSection[] = [
  policySettings,
  searchSettings,
  costSettings,
  registrySettings,
  gatewaySettings,
  pipelinesSettings,
  ciSettings,
  clusterSettings,
  catalogSettings,
  apiSpecsSettings,
  runtimeSettings,
  gitSettings,
  jobsSettings,
  outboundSettings,
  portalSettings,
  doraSettings,
  identitySettings,
  demoSettings,
  discoverySettings,
  auditSettings,
  webhooksSettings,
];

/**
 * The only reader of process.env. Every setting is declared here once, validated at start and
 * frozen; a bad value stops the start with a message naming the setting.
 */
const Bool = Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]);

const CoreEnv = {
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^(memory://|postgres(ql)?://)' })),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  REDIS_KEY_PREFIX: Type.String({ minLength: 1, maxLength: 64, default: 'hangar' }),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  JWT_EXPIRATION: Type.Integer({ minimum: 1, maximum: 31_536_000, default: 3600 }),
  REFRESH_TOKEN_TTL: Type.Integer({ minimum: 60, default: 2_592_000 }),
  ADMIN_USERNAME: Type.Optional(Type.String({ minLength: 2, maxLength: 50 })),
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  AUTH_RATE_LIMIT: Type.String({ default: 'on' }),
  ALLOWED_ORIGINS: Type.String({ default: '*' }),
  CACHE_TTL: Type.Integer({ minimum: 0, maximum: 86_400, default: 30 }),
  IAC_INGEST_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  PIPELINE_STAGE_TIMEOUT_S: Type.Integer({ minimum: 1, default: 600 }),
  GIT_ALLOW_FILE_URLS: Type.Optional(Bool),
  GIT_TIMEOUT_S: Type.Integer({ minimum: 1, maximum: 3600, default: 60 }),
  GIT_MAX_BYTES: Type.Integer({ minimum: 1024, default: 104_857_600 }),
  MAX_BODY_BYTES: Type.Integer({ minimum: 1024, maximum: 1_073_741_824, default: 1_048_576 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
};
const CoreSchema = Type.Object(CoreEnv);
const EnvSchema = Type.Object(Object.assign({}, CoreSchema.properties, ...SECTIONS.map((s) => s.env)));
type Env = Static<typeof CoreSchema>;

export interface Config extends ConfigSections {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  /** `memory://` (embedded, in memory), `postgres://…`, or undefined (embedded in dataDir). */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly redisUrl: string | undefined;
  readonly redisKeyPrefix: string;
  readonly jwtSecret: string;
  readonly jwtSecretGenerated: boolean;
  readonly jwtExpirationS: number;
  readonly refreshTokenTtlS: number;
  readonly admin: { username: string; email: string; password: string } | undefined;
  readonly authRateLimit: boolean;
  readonly allowedOrigins: '*' | string[];
  readonly cacheTtlS: number;
  readonly iacIngestToken: string | undefined;
  readonly pipelineStageTimeoutS: number;
  readonly gitAllowFileUrls: boolean;
  readonly gitTimeoutS: number;
  readonly gitMaxBytes: number;
  readonly maxBodyBytes: number;
  readonly logLevel: string;
}

export { ConfigError };

/**
 * Checked once per start with TypeBox's interpreter (fill defaults, check): compiling the schema
 * with Ajv cost ~0.1 s of every start for a single use. Settings are text; only whole numbers are
 * turned into numbers for integer settings, so "1.5" or "10abc" stays text and is refused.
 */
function parseEnv(raw: Record<string, string>): Record<string, unknown> {
  const properties = EnvSchema.properties as Record<string, { type?: string; anyOf?: { const?: unknown }[] }>;
  const typed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw))
    typed[key] = properties[key]?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
  const env = Value.Default(EnvSchema, typed) as Record<string, unknown>;
  if (Value.Check(EnvSchema, env)) return env;
  const err = Value.Errors(EnvSchema, env)[0]!;
  const name = err.instancePath.replace(/^\//, '').split('/')[0] || 'environment';
  const choices = properties[name]?.anyOf?.map((option) => option.const).filter((c) => c !== undefined);
  const problem = choices?.length ? `must be one of ${choices.join(', ')}` : (err.message ?? 'invalid value');
  throw new ConfigError(`Invalid setting ${name}: ${problem} (got ${JSON.stringify(raw[name] ?? '')})`);
}

const truthy = (v: string | undefined) => v === 'true' || v === '1';

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const keys = Object.keys(EnvSchema.properties) as (keyof Env)[];
  // Empty strings count as unset, so `FOO=` in a .env file means "use the default".
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') raw[key] = value.trim();
  }
  const parsed = parseEnv(raw);
  const env = parsed as unknown as Env;
  const production = env.NODE_ENV === 'production';

  if (production && (!env.JWT_SECRET || env.JWT_SECRET.length < 32)) {
    throw new ConfigError(
      'Invalid setting JWT_SECRET: with NODE_ENV=production it must be set and at least 32 characters long',
    );
  }
  const adminParts = [env.ADMIN_USERNAME, env.ADMIN_EMAIL, env.ADMIN_PASSWORD];
  const missingAdmin = (['ADMIN_USERNAME', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const).filter((_, i) => !adminParts[i]);
  if (missingAdmin.length > 0 && missingAdmin.length < 3) {
    throw new ConfigError(
      `Invalid setting ${missingAdmin.join(', ')}: the admin bootstrap needs all three of ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD (missing: ${missingAdmin.join(', ')})`,
    );
  }
  const admin = adminParts.every(Boolean)
    ? { username: env.ADMIN_USERNAME!, email: env.ADMIN_EMAIL!.toLowerCase(), password: env.ADMIN_PASSWORD! }
    : undefined;

  const origins = env.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const jwtSecret = env.JWT_SECRET ?? randomBytes(48).toString('base64url');
  const core = { production, dataDir: env.DATA_DIR, jwtSecret };
  const sections = Object.fromEntries(
    SECTIONS.map((s) => [s.key, Object.freeze(s.build(parsed, core))]),
  ) as unknown as ConfigSections;
  return Object.freeze({
    ...sections,
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    jwtSecret,
    jwtSecretGenerated: !env.JWT_SECRET,
    jwtExpirationS: env.JWT_EXPIRATION,
    refreshTokenTtlS: env.REFRESH_TOKEN_TTL,
    admin,
    authRateLimit: env.AUTH_RATE_LIMIT.toLowerCase() !== 'off',
    allowedOrigins: origins.length === 0 || origins.includes('*') ? '*' : origins,
    cacheTtlS: env.CACHE_TTL,
    iacIngestToken: env.IAC_INGEST_TOKEN,
    pipelineStageTimeoutS: env.PIPELINE_STAGE_TIMEOUT_S,
    gitAllowFileUrls: env.GIT_ALLOW_FILE_URLS === undefined ? !production : truthy(env.GIT_ALLOW_FILE_URLS),
    gitTimeoutS: env.GIT_TIMEOUT_S,
    gitMaxBytes: env.GIT_MAX_BYTES,
    maxBodyBytes: env.MAX_BODY_BYTES,
    logLevel: env.LOG_LEVEL,
  });
}
