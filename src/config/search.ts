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
  },
  (env) => ({
    url: env.SEARCH_URL ? String(env.SEARCH_URL).replace(/\/+$/, '') : undefined,
    username: env.SEARCH_USERNAME,
    password: env.SEARCH_PASSWORD,
    apiKey: env.SEARCH_API_KEY,
    urlAllowlist: list(env.SEARCH_URL_ALLOWLIST).map((h) => h.toLowerCase()),
  }),
);
