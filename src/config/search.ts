import { Type } from 'typebox';
import { defineSection, list } from './sections.js';

export interface SearchConfig {
  /** Global Elasticsearch/OpenSearch URL; links without their own `searchUrl` use it. Unset: none. */
  readonly url: string | undefined;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly apiKey: string | undefined;
  /** Hosts (lower-case, optionally `host:port`) a link's `searchUrl` may name; empty: any public host. */
  readonly urlAllowlist: string[];
  /** Whether links may point at loopback, private, link-local or unresolvable-to-public hosts. */
  readonly allowInternalUrls: boolean;
}

declare module './sections.js' {
  interface ConfigSections {
    search: SearchConfig;
  }
}

export const searchSettings = defineSection(
  'search',
  {
    SEARCH_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
    SEARCH_USERNAME: Type.Optional(Type.String()),
    SEARCH_PASSWORD: Type.Optional(Type.String()),
    SEARCH_API_KEY: Type.Optional(Type.String()),
    SEARCH_URL_ALLOWLIST: Type.Optional(Type.String()),
    SEARCH_ALLOW_INTERNAL_URLS: Type.Optional(Type.Union(['true', 'false', '1', '0'].map((v) => Type.Literal(v)))),
  },
  (env, core) => ({
    url: env.SEARCH_URL ? String(env.SEARCH_URL).replace(/\/+$/, '') : undefined,
    username: env.SEARCH_USERNAME,
    password: env.SEARCH_PASSWORD,
    apiKey: env.SEARCH_API_KEY,
    urlAllowlist: list(env.SEARCH_URL_ALLOWLIST).map((h) => h.toLowerCase()),
    // As GIT_ALLOW_FILE_URLS: open on a laptop, closed in production unless set.
    allowInternalUrls:
      env.SEARCH_ALLOW_INTERNAL_URLS === undefined
        ? !core.production
        : env.SEARCH_ALLOW_INTERNAL_URLS === 'true' || env.SEARCH_ALLOW_INTERNAL_URLS === '1',
  }),
);
