import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerCiPort } from '../../src/modules/ci/ci.ports.js';

export interface ServerCiSubject {
  port: ServerCiPort;
  /** A job whose builds ended with `results`, newest first (null: running). */
  addJob(name: string, results: (string | null)[]): void;
  unreachable(): ServerCiPort;
  close?(): Promise<void>;
}

/** What the ci module relies on from a self-run CI server (decision 510). */
export function serverCiContract(name: string, make: () => Promise<ServerCiSubject>) {
  describe(`server-ci port contract: ${name}`, () => {
    let s: ServerCiSubject;
    beforeAll(async () => {
      s = await make();
      s.addJob('api', ['SUCCESS', 'FAILURE', 'SUCCESS']);
      s.addJob('fresh', []);
    });
    afterAll(() => s?.close?.());

    it('lists jobs with their last build', async () => {
      const jobs = await s.port.listJobs();
      const api = jobs.find((j) => j.name === 'api')!;
      expect(api.lastBuild).toMatchObject({ number: 3, result: 'SUCCESS' });
      expect(jobs.find((j) => j.name === 'fresh')!.lastBuild).toBeNull();
    });
    it("lists a job's builds newest first, at most `limit`; an unknown job is 404", async () => {
      const builds = await s.port.listBuilds('api', 2);
      expect(builds.map((b) => [b.number, b.result])).toEqual([
        [3, 'SUCCESS'],
        [2, 'FAILURE'],
      ]);
      await expect(s.port.listBuilds('nope', 5)).rejects.toMatchObject({ statusCode: 404 });
    });
    it('queues a build; an unknown job is 404', async () => {
      expect(await s.port.triggerBuild('api', undefined)).toMatchObject({ job: 'api', queued: true });
      await expect(s.port.triggerBuild('nope', undefined)).rejects.toMatchObject({ statusCode: 404 });
    });
    it('unreachable is 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().listJobs()).rejects.toMatchObject({ statusCode: 503 });
      await expect(s.port.listJobs(AbortSignal.abort())).rejects.toThrow();
    });
  });
}
