import { Type } from 'typebox';
import { defineSection, list } from './sections.js';

export interface CiConfig {
  /** CircleCI API v2 base (the hosted CI platform has no per-credential URL). */
  readonly cloudciApiUrl: string;
  /** Travis CI API v3 base used when a `hostedci` credential carries no `url`. */
  readonly hostedciApiUrl: string;
  /** Secret of the `cloudci-signature` HMAC; unset: every cloudci webhook is refused (401). */
  readonly cloudciWebhookSecret: string | undefined;
  /** Shared tokens of the serverci / hostedci webhooks; unset: every call is refused (401). */
  readonly serverciWebhookToken: string | undefined;
  readonly hostedciWebhookToken: string | undefined;
  /** Secrets of the deployment receivers (decision 864); unset: that receiver refuses every delivery (401). */
  readonly githubWebhookSecret: string | undefined;
  readonly gitlabWebhookToken: string | undefined;
  readonly argocdWebhookToken: string | undefined;
  /** Wall-clock limit of one call to a CI/CD platform. */
  readonly upstreamTimeoutMs: number;
  /** Earlier JWT_SECRET values: credentials sealed under them still open (and are re-sealed under the current one). */
  readonly previousCredentialSecrets: string[];
}

declare module './sections.js' {
  interface ConfigSections {
    ci: CiConfig;
  }
}

const HttpUrl = (def: string) => Type.String({ pattern: '^https?://', default: def });

export const ciSettings = defineSection(
  'ci',
  {
    CLOUDCI_API_URL: HttpUrl('https://circleci.com/api/v2'),
    HOSTEDCI_API_URL: HttpUrl('https://api.travis-ci.com'),
    CLOUDCI_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
    SERVERCI_WEBHOOK_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
    HOSTEDCI_WEBHOOK_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
    GITHUB_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
    GITLAB_WEBHOOK_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
    ARGOCD_WEBHOOK_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
    CI_UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
    CREDENTIAL_PREVIOUS_SECRETS: Type.Optional(Type.String()),
  },
  (env) => ({
    cloudciApiUrl: String(env.CLOUDCI_API_URL).replace(/\/+$/, ''),
    hostedciApiUrl: String(env.HOSTEDCI_API_URL).replace(/\/+$/, ''),
    cloudciWebhookSecret: env.CLOUDCI_WEBHOOK_SECRET as string | undefined,
    serverciWebhookToken: env.SERVERCI_WEBHOOK_TOKEN as string | undefined,
    hostedciWebhookToken: env.HOSTEDCI_WEBHOOK_TOKEN as string | undefined,
    githubWebhookSecret: env.GITHUB_WEBHOOK_SECRET as string | undefined,
    gitlabWebhookToken: env.GITLAB_WEBHOOK_TOKEN as string | undefined,
    argocdWebhookToken: env.ARGOCD_WEBHOOK_TOKEN as string | undefined,
    upstreamTimeoutMs: env.CI_UPSTREAM_TIMEOUT_MS as number,
    previousCredentialSecrets: list(env.CREDENTIAL_PREVIOUS_SECRETS as string | undefined),
  }),
);
