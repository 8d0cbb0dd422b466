import type { ServerCiBuild, ServerCiJob, ServerCiPort, ServerCiTriggerResult } from '../../modules/ci/ci.ports.js';
import { JenkinsClient, type JenkinsBuild } from './client.js';

/** Jobs listed at most (a `tree` range bounds what the server serialises). */
export const JENKINS_MAX_JOBS = 500;

const summary = (b: JenkinsBuild) => ({
  number: b.number,
  result: b.result ?? null,
  timestamp: b.timestamp ?? 0,
  duration: b.duration ?? 0,
});

export class JenkinsAdapter implements ServerCiPort {
  constructor(private readonly client: JenkinsClient) {}

  static fromCredential(
    credential: { url: string; username: string; apiToken: string },
    opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
  ) {
    return new JenkinsAdapter(new JenkinsClient({ ...credential, ...opts }));
  }

  async listJobs(signal?: AbortSignal): Promise<ServerCiJob[]> {
    const jobs = await this.client.listJobs(JENKINS_MAX_JOBS, signal);
    return jobs.map((j) => ({
      name: j.name,
      url: j.url,
      color: documentedColor(j.color),
      lastBuild: j.lastBuild ? summary(j.lastBuild) : null,
    }));
  }

  async listBuilds(job: string, limit: number, signal?: AbortSignal): Promise<ServerCiBuild[]> {
    const builds = await this.client.listBuilds(job, limit, signal);
    return builds.map((b) => ({
      ...summary(b),
      url: b.url ?? null,
      building: b.building ?? b.result === null,
      displayName: b.displayName ?? null,
    }));
  }

  async triggerBuild(
    job: string,
    parameters: Record<string, string> | undefined,
    signal?: AbortSignal,
  ): Promise<ServerCiTriggerResult> {
    const { location } = await this.client.build(job, parameters, signal);
    const id = location ? /\/queue\/item\/(\d+)\/?$/.exec(location)?.[1] : undefined;
    return { job, queued: true, queueItemId: id ? Number(id) : null, queueUrl: id ? location : null };
  }
}

/**
 * The document's colours: blue, red, yellow, aborted, and `anime` for a running build. Jenkins
 * writes a running build as `<last colour>_anime` (`blue_anime`); other colours pass through.
 */
export function documentedColor(color: string | null | undefined): string | null {
  if (!color) return null;
  return color.endsWith('_anime') ? 'anime' : color;
}
