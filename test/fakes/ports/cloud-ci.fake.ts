import type { CloudCiPipeline, CloudCiPort, CloudCiTriggerResult } from '../../../src/modules/ci/ci.ports.js';
import { upstreamError } from '../../../src/integrations/http.js';
import { normaliseRepoUrl } from '../../../src/integrations/circleci/circleci.adapter.js';
import { CIRCLECI_SYSTEM } from '../../../src/integrations/circleci/client.js';

/** In-memory CircleCI behind the hosted CI port, for route tests. */
export class FakeCircleCi implements CloudCiPort {
  readonly pipelines: CloudCiPipeline[] = [];
  /** Project slugs that exist (a trigger of another answers 404, as CircleCI does). */
  readonly projects = new Set<string>();
  readonly triggered: { projectSlug: string; branch?: string }[] = [];
  private failure: number | undefined;

  failWith(status: number | undefined) {
    this.failure = status;
  }
  private check(signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (this.failure) throw upstreamError(CIRCLECI_SYSTEM, this.failure);
  }

  add(projectSlug: string, vcsUrl: string, over: Partial<CloudCiPipeline> = {}): CloudCiPipeline {
    this.projects.add(projectSlug);
    const p: CloudCiPipeline = {
      id: crypto.randomUUID(),
      number: this.pipelines.length + 1,
      projectSlug,
      state: 'created',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      vcsUrl,
      branch: 'main',
      tag: null,
      revision: 'f'.repeat(40),
      triggerType: 'webhook',
      actor: 'someone',
      ...over,
    };
    this.pipelines.unshift(p);
    return p;
  }

  async listPipelines(filter: { vcsUrl?: string }, signal?: AbortSignal): Promise<CloudCiPipeline[]> {
    this.check(signal);
    const wanted = filter.vcsUrl ? normaliseRepoUrl(filter.vcsUrl) : undefined;
    return this.pipelines.filter((p) => !wanted || (p.vcsUrl && normaliseRepoUrl(p.vcsUrl) === wanted));
  }

  async triggerPipeline(
    projectSlug: string,
    input: { branch?: string },
    signal?: AbortSignal,
  ): Promise<CloudCiTriggerResult> {
    this.check(signal);
    if (!this.projects.has(projectSlug)) throw upstreamError(CIRCLECI_SYSTEM, 404);
    this.triggered.push({ projectSlug, branch: input.branch });
    const p = this.add(projectSlug, this.pipelines.find((x) => x.projectSlug === projectSlug)?.vcsUrl ?? '', {
      state: 'created',
      branch: input.branch ?? 'main',
    });
    return { id: p.id, number: p.number, state: 'created', createdAt: p.createdAt, projectSlug };
  }
}
