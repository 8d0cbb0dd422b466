import { ArgoCdAdapter } from '../integrations/argocd/argocd.adapter.js';
import { CircleCiAdapter } from '../integrations/circleci/circleci.adapter.js';
import { JenkinsAdapter } from '../integrations/jenkins/jenkins.adapter.js';
import { TravisAdapter } from '../integrations/travis/travis.adapter.js';
import type { CiAdapterFactories } from '../modules/ci/index.js';

/**
 * The real platforms: Argo CD, CircleCI, Jenkins and Travis CI over their HTTP APIs. Connections to
 * URLs people stored in credentials go through `outbound`, the outbound policy's fetch (decision 200),
 * built here rather than in the ci module (decision 1053).
 */
export function realCiAdapters(outbound: typeof fetch): CiAdapterFactories {
  return {
    gitopscd: (credential, opts) =>
      ArgoCdAdapter.fromCredential(credential, { timeoutMs: opts.timeoutMs, fetch: outbound }),
    cloudci: (credential, opts) =>
      CircleCiAdapter.fromCredential(credential, { baseUrl: opts.cloudciApiUrl, timeoutMs: opts.timeoutMs }),
    serverci: (credential, opts) =>
      JenkinsAdapter.fromCredential(credential, { timeoutMs: opts.timeoutMs, fetch: outbound }),
    // The default base (HOSTEDCI_API_URL) is the operator's; a credential's own `url` is a person's.
    hostedci: (credential, opts) =>
      TravisAdapter.fromCredential(credential, {
        defaultBaseUrl: opts.hostedciApiUrl,
        timeoutMs: opts.timeoutMs,
        fetch: credential.url ? outbound : undefined,
      }),
  };
}
