import type { Config } from '../../config/config.js';
import { systemCaller, type Caller } from '../../kernel/caller.js';
import { Invalid } from '../../kernel/errors.js';
import type { Infrastructure } from '../../context.js';
import type { CredentialsService, CredentialType, CredentialValues } from '../credentials/index.js';
import { ciDeliveryVerbs } from './ci.deliveries.js';
import type {
  CiAdapterFactories,
  CiAdapterOptions,
  GitOpsApplication,
  GitOpsListFilter,
  GitOpsPort,
} from './ci.ports.js';

/** A project slug `<host_code>/<org>/<repo>` (CircleCI's `gh/…`, `bb/…`, or `circleci/<org-id>/<project-id>`). */
const PROJECT_SLUG = /^[a-z]{2,16}\/[^/\s]+\/[^/\s]+$/i;

/**
 * The four CI/CD platforms behind their ports, each used with the organization's stored credential
 * (decision 618: no credential -> 400 naming it; the GitOps application list answers []).
 */
export interface CiServiceDeps extends Pick<Infrastructure, 'db' | 'events' | 'log'> {
  config: Pick<Config, 'ci'>;
  /** The credentials module's reader of an organization's decrypted credential. */
  credentials: Pick<CredentialsService, 'readValue'>;
  /** The platforms' adapters, built per call from a credential. */
  platforms: CiAdapterFactories;
}

export function createCiService(deps: CiServiceDeps) {
  const { config, credentials, platforms: factories } = deps;
  const options = (): CiAdapterOptions => ({
    timeoutMs: config.ci.upstreamTimeoutMs,
    cloudciApiUrl: config.ci.cloudciApiUrl,
    hostedciApiUrl: config.ci.hostedciApiUrl,
  });

  const credential = <T extends CredentialType>(caller: Caller, type: T): Promise<CredentialValues[T] | null> =>
    credentials.readValue(caller, type);

  async function required<T extends CredentialType>(caller: Caller, type: T): Promise<CredentialValues[T]> {
    const value = await credential(caller, type);
    if (!value) {
      const scope = caller.organizationId
        ? 'this organization'
        : 'records without an organization (send X-Organization-Id for an organization)';
      throw new Invalid(
        `No ${type} credential is configured for ${scope}: store one with POST /api/v1/integrations/credentials (type "${type}")`,
      );
    }
    return value;
  }

  const gitops = async (caller: Caller) => factories.gitopscd(await required(caller, 'gitopscd'), options());
  const cloudci = async (caller: Caller) => factories.cloudci(await required(caller, 'cloudci'), options());
  const serverci = async (caller: Caller) => factories.serverci(await required(caller, 'serverci'), options());
  const hostedci = async (caller: Caller) => factories.hostedci(await required(caller, 'hostedci'), options());

  return {
    /** The GitOps adapter of an organization's credential, or null without one (pipelines' deploy stage). */
    async gitopsFor(organizationId: string | null): Promise<GitOpsPort | null> {
      const value = await credential(systemCaller({ organizationId }), 'gitopscd');
      return value ? factories.gitopscd(value, options()) : null;
    },

    async listApplications(caller: Caller, filter: GitOpsListFilter): Promise<GitOpsApplication[]> {
      const value = await credential(caller, 'gitopscd');
      if (!value) return [];
      return factories.gitopscd(value, options()).listApplications(filter);
    },
    getApplication: async (caller: Caller, name: string) => (await gitops(caller)).getApplication(name),
    syncApplication: async (caller: Caller, name: string, opts: { revision?: string; prune?: boolean }) =>
      (await gitops(caller)).syncApplication(name, opts),

    listCloudPipelines: async (caller: Caller, filter: { vcsUrl?: string; orgSlug?: string }) =>
      (await cloudci(caller)).listPipelines(filter),
    async triggerCloudPipeline(
      caller: Caller,
      slug: string,
      input: { branch?: string; tag?: string; parameters?: Record<string, string | number | boolean> },
    ) {
      if (!PROJECT_SLUG.test(slug)) {
        throw new Invalid('slug must be a URL-encoded project slug <host_code>/<org>/<repo>, e.g. gh%2Facme%2Fshop', [
          { field: 'slug', problem: 'must be <host_code>/<org>/<repo>' },
        ]);
      }
      if (input.branch && input.tag)
        throw new Invalid('Give either branch or tag, not both', [
          { field: 'tag', problem: 'cannot be combined with branch' },
        ]);
      return (await cloudci(caller)).triggerPipeline(slug, input);
    },

    listServerJobs: async (caller: Caller) => (await serverci(caller)).listJobs(),
    listServerBuilds: async (caller: Caller, job: string, limit: number) =>
      (await serverci(caller)).listBuilds(job, limit),
    triggerServerBuild: async (caller: Caller, job: string, parameters?: Record<string, string>) =>
      (await serverci(caller)).triggerBuild(job, parameters),

    async listHostedBuilds(caller: Caller, filter: { repoSlug?: string; limit: number }) {
      if (filter.repoSlug !== undefined && !/^[^/\s]+\/[^/\s]+$/.test(filter.repoSlug)) {
        throw new Invalid('repoSlug must be <org>/<repo>', [{ field: 'repoSlug', problem: 'must be <org>/<repo>' }]);
      }
      return (await hostedci(caller)).listBuilds(filter);
    },
    restartHostedBuild: async (caller: Caller, id: number) => (await hostedci(caller)).restartBuild(id),

    ...ciDeliveryVerbs(deps),
  };
}

export type CiService = ReturnType<typeof createCiService>;
