import { collectPages } from '../paging.js';
import type { CloudCiPipeline, CloudCiPort, CloudCiTriggerResult } from '../../modules/ci/ci.ports.js';
import { CircleCiClient, type CircleCiPipeline } from './client.js';

/** Pages followed at most per listing (CircleCI's `/pipeline` serves at most 250 pipelines anyway). */
export const CIRCLECI_MAX_PAGES = 13;

/** `https://github.com/Org/Repo.git`, `git@github.com:Org/Repo`, … -> `github.com/org/repo`. */
export function normaliseRepoUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z+]+:\/\//, '')
    .replace(/^[^@/]+@([^:/]+):/, '$1/')
    .replace(/^[^@/]+@/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
}

export const toCloudCiPipeline = (p: CircleCiPipeline): CloudCiPipeline => ({
  id: p.id,
  number: p.number,
  projectSlug: p.project_slug,
  state: p.state,
  createdAt: p.created_at ?? null,
  updatedAt: p.updated_at ?? null,
  vcsUrl: p.vcs?.origin_repository_url ?? p.vcs?.target_repository_url ?? null,
  branch: p.vcs?.branch ?? null,
  tag: p.vcs?.tag ?? null,
  revision: p.vcs?.revision ?? null,
  triggerType: p.trigger?.type ?? null,
  actor: p.trigger?.actor?.login ?? null,
});

export class CircleCiAdapter implements CloudCiPort {
  constructor(private readonly client: CircleCiClient) {}

  static fromCredential(
    credential: { token: string },
    opts: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch },
  ) {
    return new CircleCiAdapter(new CircleCiClient({ token: credential.token, ...opts }));
  }

  async listPipelines(filter: { vcsUrl?: string; orgSlug?: string }, signal?: AbortSignal): Promise<CloudCiPipeline[]> {
    const wanted = filter.vcsUrl ? normaliseRepoUrl(filter.vcsUrl) : undefined;
    // The first page has no token: `{}` stands for "from the start".
    const pipelines = await collectPages<CircleCiPipeline, { token?: string }>(
      {},
      async ({ token }) => {
        const body = await this.client.listPipelines({ orgSlug: filter.orgSlug, pageToken: token }, signal);
        return { items: body?.items ?? [], next: body?.next_page_token ? { token: body.next_page_token } : null };
      },
      CIRCLECI_MAX_PAGES,
    );
    return pipelines
      .filter((p) => {
        const urls = [p.vcs?.origin_repository_url, p.vcs?.target_repository_url]
          .filter((u): u is string => !!u)
          .map(normaliseRepoUrl);
        return !wanted || urls.includes(wanted);
      })
      .map(toCloudCiPipeline);
  }

  async triggerPipeline(
    projectSlug: string,
    input: { branch?: string; tag?: string; parameters?: Record<string, string | number | boolean> },
    signal?: AbortSignal,
  ): Promise<CloudCiTriggerResult> {
    const body: Record<string, unknown> = {};
    if (input.branch) body.branch = input.branch;
    if (input.tag) body.tag = input.tag;
    if (input.parameters && Object.keys(input.parameters).length) body.parameters = input.parameters;
    const res = await this.client.triggerPipeline(projectSlug, body, signal);
    return { id: res.id, number: res.number, state: res.state, createdAt: res.created_at ?? null, projectSlug };
  }
}
