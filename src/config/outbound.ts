import { Type } from 'typebox';
import { defineSection, list } from './sections.js';

/**
 * The outbound-address policy for URLs people give the server that no more specific setting
 * covers: CI/CD credential URLs and supplied kubeconfig servers (decision 200). Git repositories
 * (GIT_ALLOWED_HOSTS) and search clusters (SEARCH_URL_ALLOWLIST, SEARCH_ALLOW_INTERNAL_URLS) keep
 * their own settings, decided by the same policy module.
 */
export interface OutboundConfig {
  /** Exempt from the internal-address rule: names, addresses, `host:port`, CIDR ranges, `*.suffix` (`OUTBOUND_ALLOWED_HOSTS`). */
  readonly allowedHosts: readonly string[];
  /** Loopback and private addresses allowed (`OUTBOUND_ALLOW_PRIVATE`; default: on outside production). Link-local (cloud metadata) never, unless listed. */
  readonly allowPrivate: boolean;
}

declare module './sections.js' {
  interface ConfigSections {
    outbound: OutboundConfig;
  }
}

export const outboundSettings = defineSection(
  'outbound',
  {
    OUTBOUND_ALLOWED_HOSTS: Type.String({ default: '' }),
    OUTBOUND_ALLOW_PRIVATE: Type.Optional(Type.Union(['true', 'false', '1', '0'].map((v) => Type.Literal(v)))),
  },
  (env, core) => ({
    allowedHosts: Object.freeze(list(env.OUTBOUND_ALLOWED_HOSTS as string).map((h) => h.toLowerCase())),
    // As GIT_ALLOW_FILE_URLS: open on a laptop (integrations faked on loopback), closed in production.
    allowPrivate:
      env.OUTBOUND_ALLOW_PRIVATE === undefined
        ? !core.production
        : env.OUTBOUND_ALLOW_PRIVATE === 'true' || env.OUTBOUND_ALLOW_PRIVATE === '1',
  }),
);
