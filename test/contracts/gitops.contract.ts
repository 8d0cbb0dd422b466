import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitOpsPort } from '../../src/modules/ci/ci.ports.js';

export interface GitOpsSubject {
  port: GitOpsPort;
  addApplication(name: string, project: string): void;
  unreachable(): GitOpsPort;
  close?(): Promise<void>;
}

/** What the ci and pipelines modules rely on from a GitOps CD platform (decision 510). */
export function gitOpsContract(name: string, make: () => Promise<GitOpsSubject>) {
  describe(`gitops port contract: ${name}`, () => {
    let s: GitOpsSubject;
    beforeAll(async () => {
      s = await make();
      s.addApplication('shop', 'retail');
      s.addApplication('billing', 'finance');
    });
    afterAll(() => s?.close?.());

    it('lists applications, filtered by project', async () => {
      expect((await s.port.listApplications({})).map((a) => a.metadata.name).sort()).toEqual(['billing', 'shop']);
      expect((await s.port.listApplications({ project: 'retail' })).map((a) => a.metadata.name)).toEqual(['shop']);
    });
    it('reads one application with its health and sync status; a missing one is 404', async () => {
      const app = await s.port.getApplication('shop');
      expect(app.metadata.name).toBe('shop');
      expect(app.spec.project).toBe('retail');
      expect(typeof app.status.health.status).toBe('string');
      expect(typeof app.status.sync.status).toBe('string');
      await expect(s.port.getApplication('nope')).rejects.toMatchObject({ statusCode: 404 });
    });
    it('a sync answers the asked revision; a missing application is 404', async () => {
      const r = await s.port.syncApplication('shop', { revision: 'v2' });
      expect(r).toMatchObject({ name: 'shop', revision: 'v2' });
      expect(Number.isNaN(Date.parse(r.requestedAt))).toBe(false);
      await expect(s.port.syncApplication('nope', {})).rejects.toMatchObject({ statusCode: 404 });
    });
    it('unreachable is 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().listApplications({})).rejects.toMatchObject({ statusCode: 503 });
      await expect(s.port.getApplication('shop', AbortSignal.abort())).rejects.toThrow();
    });
  });
}
