import { Type } from 'typebox';
import { ConfigError, defineSection } from './sections.js';

/** One OpenID Connect provider of `OIDC_PROVIDERS` (decision 830). */
export interface OidcProviderConfig {
  /** `[a-z0-9-]{1,32}`: the path segment of its start and callback URLs. */
  readonly id: string;
  /** The button's text: "Sign in with <name>". */
  readonly name: string;
  /** The issuer identifier; discovery is `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: readonly string[];
  /** The ID token claim listing the person's groups; unset: memberships are not touched. */
  readonly groupsClaim: string | undefined;
  /** Lower-cased email domains admitted; empty: any. */
  readonly allowedEmailDomains: readonly string[];
  /** How the client authenticates at the token endpoint (both are in every certified provider). */
  readonly tokenEndpointAuth: 'client_secret_basic' | 'client_secret_post';
}

export interface IdentityConfig {
  readonly oidcProviders: readonly OidcProviderConfig[];
  /** Hangar's external address without a trailing slash (`PUBLIC_URL`): the redirect URIs' base. */
  readonly publicUrl: string;
  /** `AUTH_PASSWORD_LOGIN`: off keeps registration and password sign-in closed but for the ADMIN_* account. */
  readonly passwordLogin: boolean;
  /** Per-request deadline of discovery, JWKS and token calls to a provider, seconds. */
  readonly oidcTimeoutS: number;
  /** `PASSWORD_HASH_PROFILE`: argon2id's cost for new password hashes; `test` only with NODE_ENV=test (decision 1130). */
  readonly passwordHashProfile: 'standard' | 'test';
}

declare module './sections.js' {
  interface ConfigSections {
    identity: IdentityConfig;
  }
}

const ID = /^[a-z0-9-]{1,32}$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const FIELDS = new Set([
  'id',
  'name',
  'issuer',
  'clientId',
  'clientSecret',
  'scopes',
  'groupsClaim',
  'allowedEmailDomains',
  'tokenEndpointAuth',
]);

function providerProblem(
  raw: unknown,
  production: boolean,
  seen: Set<string>,
): { entry: string; problem: string } | OidcProviderConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { entry: 'an entry', problem: 'must be an object' };
  const p = raw as Record<string, unknown>;
  const entry = typeof p.id === 'string' && p.id ? `"${p.id.slice(0, 40)}"` : 'an entry';
  const fail = (problem: string) => ({ entry, problem });
  const unknown = Object.keys(p).find((k) => !FIELDS.has(k));
  if (unknown) return fail(`has an unknown field "${unknown.slice(0, 40)}"`);
  if (typeof p.id !== 'string' || !ID.test(p.id)) return fail('id must be 1-32 characters of a-z, 0-9 and "-"');
  if (seen.has(p.id)) return fail('id is used twice');
  for (const field of ['name', 'issuer', 'clientId', 'clientSecret'] as const) {
    const v = p[field];
    if (typeof v !== 'string' || v.trim() === '' || v.length > 2048) return fail(`${field} must be a non-empty string`);
  }
  let issuer: URL;
  try {
    issuer = new URL(p.issuer as string);
  } catch {
    return fail('issuer must be an http(s) URL');
  }
  if (issuer.protocol !== 'https:' && issuer.protocol !== 'http:') return fail('issuer must be an http(s) URL');
  if (issuer.protocol === 'http:' && production) return fail('issuer must be https with NODE_ENV=production');
  if (issuer.search || issuer.hash || issuer.username || issuer.password)
    return fail('issuer may not carry a query, fragment or credentials');
  const scopes = p.scopes === undefined ? ['openid', 'profile', 'email'] : p.scopes;
  if (
    !Array.isArray(scopes) ||
    scopes.length > 20 ||
    !scopes.every((s) => typeof s === 'string' && /^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/.test(s))
  ) {
    return fail('scopes must be a list of scope names');
  }
  if (!scopes.includes('openid')) return fail('scopes must include "openid"');
  if (p.groupsClaim !== undefined && (typeof p.groupsClaim !== 'string' || !/^[^\s]{1,100}$/.test(p.groupsClaim))) {
    return fail('groupsClaim must be a claim name');
  }
  const domains = p.allowedEmailDomains ?? [];
  if (!Array.isArray(domains) || !domains.every((d) => typeof d === 'string' && DOMAIN.test(d.toLowerCase()))) {
    return fail('allowedEmailDomains must be a list of domain names such as "example.com"');
  }
  const auth = p.tokenEndpointAuth ?? 'client_secret_basic';
  if (auth !== 'client_secret_basic' && auth !== 'client_secret_post')
    return fail('tokenEndpointAuth must be client_secret_basic or client_secret_post');
  seen.add(p.id);
  return Object.freeze({
    id: p.id,
    name: (p.name as string).trim(),
    // The issuer is compared byte for byte with the ID token's `iss`: kept exactly as written.
    issuer: p.issuer as string,
    clientId: p.clientId as string,
    clientSecret: p.clientSecret as string,
    scopes: Object.freeze([...new Set(scopes as string[])]),
    groupsClaim: p.groupsClaim as string | undefined,
    allowedEmailDomains: Object.freeze((domains as string[]).map((d) => d.toLowerCase())),
    tokenEndpointAuth: auth,
  });
}

/** `OIDC_PROVIDERS` as JSON: an invalid entry stops the start naming it (never quoting the secret). */
export function parseOidcProviders(value: string | undefined, production: boolean): OidcProviderConfig[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError('Invalid setting OIDC_PROVIDERS: must be a JSON array of providers');
  }
  if (!Array.isArray(parsed))
    throw new ConfigError('Invalid setting OIDC_PROVIDERS: must be a JSON array of providers');
  if (parsed.length > 20) throw new ConfigError('Invalid setting OIDC_PROVIDERS: at most 20 providers');
  const seen = new Set<string>();
  return parsed.map((raw) => {
    const result = providerProblem(raw, production, seen);
    if ('problem' in result)
      throw new ConfigError(`Invalid setting OIDC_PROVIDERS: provider ${result.entry}: ${result.problem}`);
    return result;
  });
}

function parsePublicUrl(value: string | undefined, port: number, production: boolean, needed: boolean): string {
  if (!value) {
    if (production && needed)
      throw new ConfigError('Invalid setting PUBLIC_URL: with NODE_ENV=production and OIDC_PROVIDERS it must be set');
    return `http://localhost:${port}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('Invalid setting PUBLIC_URL: must be an http(s) URL such as https://hangar.example.com');
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new ConfigError('Invalid setting PUBLIC_URL: must be an http(s) URL without query, fragment or credentials');
  }
  return url.href.replace(/\/+$/, '');
}

export const identitySettings = defineSection(
  'identity',
  {
    OIDC_PROVIDERS: Type.Optional(Type.String({ maxLength: 65_536 })),
    PUBLIC_URL: Type.Optional(Type.String({ maxLength: 2048 })),
    AUTH_PASSWORD_LOGIN: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
    OIDC_TIMEOUT_S: Type.Integer({ minimum: 1, maximum: 120, default: 10 }),
    PASSWORD_HASH_PROFILE: Type.Union([Type.Literal('standard'), Type.Literal('test')], { default: 'standard' }),
  },
  (env, core) => {
    // The cheap profile exists for the test suite's thousands of sign-ups; no real installation may use it.
    if (env.PASSWORD_HASH_PROFILE === 'test' && env.NODE_ENV !== 'test')
      throw new ConfigError('Invalid setting PASSWORD_HASH_PROFILE: `test` is accepted only with NODE_ENV=test');
    const oidcProviders = Object.freeze(parseOidcProviders(env.OIDC_PROVIDERS as string | undefined, core.production));
    return {
      oidcProviders,
      publicUrl: parsePublicUrl(
        env.PUBLIC_URL as string | undefined,
        env.PORT as number,
        core.production,
        oidcProviders.length > 0,
      ),
      passwordLogin: env.AUTH_PASSWORD_LOGIN === 'on',
      oidcTimeoutS: env.OIDC_TIMEOUT_S as number,
      passwordHashProfile: env.PASSWORD_HASH_PROFILE as 'standard' | 'test',
    };
  },
);
