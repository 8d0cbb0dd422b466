import type {
  ServerCiBuild,
  ServerCiJob,
  ServerCiPort,
  ServerCiTriggerResult,
} from '../../../src/modules/ci/ci.ports.js';
import { upstreamError } from '../../../src/integrations/http.js';
import { JENKINS_SYSTEM } from '../../../src/integrations/jenkins/client.js';

/** In-memory Jenkins behind the self-run CI port, for route tests. */
export class FakeJenkins implements ServerCiPort {
  readonly jobs = new Map<string, { job: ServerCiJob; builds: ServerCiBuild[]; queued: Record<string, string>[] }>();
  private failure: number | undefined;
  private queueId = 100;

  failWith(status: number | undefined) {
    this.failure = status;
  }
  private check(signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (this.failure) throw upstreamError(JENKINS_SYSTEM, this.failure);
  }

  add(name: string, results: (string | null)[] = ['SUCCESS']): ServerCiJob {
    const builds: ServerCiBuild[] = results.map((result, i) => ({
      number: results.length - i,
      result,
      timestamp: Date.now() - i * 60_000,
      duration: result === null ? 0 : 30_000,
      url: `https://jenkins.example.test/job/${name}/${results.length - i}/`,
      building: result === null,
      displayName: `#${results.length - i}`,
    }));
    const last = builds[0];
    const color = last
      ? ({ SUCCESS: 'blue', FAILURE: 'red', UNSTABLE: 'yellow', ABORTED: 'aborted' }[last.result ?? ''] ?? 'anime')
      : 'notbuilt';
    const job: ServerCiJob = {
      name,
      url: `https://jenkins.example.test/job/${name}/`,
      color,
      lastBuild: last
        ? { number: last.number, result: last.result, timestamp: last.timestamp, duration: last.duration }
        : null,
    };
    this.jobs.set(name, { job, builds, queued: [] });
    return job;
  }

  async listJobs(signal?: AbortSignal): Promise<ServerCiJob[]> {
    this.check(signal);
    return [...this.jobs.values()].map((j) => structuredClone(j.job));
  }

  async listBuilds(name: string, limit: number, signal?: AbortSignal): Promise<ServerCiBuild[]> {
    this.check(signal);
    const job = this.jobs.get(name);
    if (!job) throw upstreamError(JENKINS_SYSTEM, 404);
    return job.builds.slice(0, limit);
  }

  async triggerBuild(
    name: string,
    parameters: Record<string, string> | undefined,
    signal?: AbortSignal,
  ): Promise<ServerCiTriggerResult> {
    this.check(signal);
    const job = this.jobs.get(name);
    if (!job) throw upstreamError(JENKINS_SYSTEM, 404);
    job.queued.push(parameters ?? {});
    const id = ++this.queueId;
    return { job: name, queued: true, queueItemId: id, queueUrl: `https://jenkins.example.test/queue/item/${id}/` };
  }
}
