import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamRefused } from '../../src/integrations/http.js';
import type { DiscoveryProvider, DiscoveryTarget, RequestLedger } from '../../src/modules/discovery/discovery.ports.js';
import type { RepoHost } from '../fakes/servers/repo-host.js';

/**
 * The discovery port's contract (decision 1010), run on the in-memory fake (decision 1020) and on
 * the GitHub and the GitLab adapter, each against its local server: paging, ETags and 304s, archived
 * and empty repositories, a file that is not YAML (answered as it is: reading it is the catalog's
 * job), rate limits that pause, not fail.
 */
export interface DiscoveryHarness {
  provider: DiscoveryProvider;
  host: RepoHost;
  /** The owner (organization or group) the repositories are added under. */
  owner: string;
  target(ledger: RequestLedger, opts?: { maxInFlight?: number; badCredential?: boolean }): DiscoveryTarget;
  close(): Promise<void>;
}

export const newLedger = (): RequestLedger & { pauses: { until: Date; why: string }[] } => {
  const pauses: { until: Date; why: string }[] = [];
  return {
    made: 0,
    notModified: 0,
    rateLimitRemaining: null,
    rateLimitResetAt: null,
    pauses,
    paused: (until, why) => pauses.push({ until, why }),
  };
};

async function listAll(h: DiscoveryHarness, target: DiscoveryTarget, etags = new Map<string, string>()) {
  const names: string[] = [];
  let page: string | null = null;
  let notModified = 0;
  for (;;) {
    const key: string = page ?? 'first';
    const got = await h.provider.listPage(target, page, etags.get(key) ?? null);
    if (got.notModified) {
      notModified++;
      break;
    }
    if (got.etag) etags.set(key, got.etag);
    names.push(...got.repositories.map((r) => r.fullName));
    if (!got.next) break;
    page = got.next;
  }
  return { names, etags, notModified };
}

export function discoveryContract(name: string, setup: () => Promise<DiscoveryHarness>) {
  describe(`discovery contract: ${name}`, () => {
    let h: DiscoveryHarness;
    beforeAll(async () => {
      h = await setup();
      for (let i = 0; i < 230; i++)
        h.host.add(h.owner, `svc-${String(i).padStart(3, '0')}`, {
          file: `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: svc-${i}\n`,
        });
      h.host.add(h.owner, 'old-thing', { archived: true, file: 'kind: Component\n' });
      h.host.add(h.owner, 'nothing-yet', { empty: true });
      h.host.add(h.owner, 'broken', { file: 'kind: [Component\n  : : :' });
    });
    afterAll(() => h.close());

    it('lists every repository over pages of 100, following the next link', async () => {
      const ledger = newLedger();
      const { names } = await listAll(h, h.target(ledger));
      expect(names).toHaveLength(233);
      expect(new Set(names).size).toBe(233);
      expect(ledger.made).toBe(3);
      expect(ledger.rateLimitRemaining).not.toBeNull();
    });

    it('flags archived and empty repositories, and gives ids, branches and change times', async () => {
      const first = await h.provider.listPage(h.target(newLedger()), null, null);
      let page = first;
      const all = [];
      while (!page.notModified) {
        all.push(...page.repositories);
        if (!page.next) break;
        page = await h.provider.listPage(h.target(newLedger()), page.next, null);
      }
      const archived = all.find((r) => r.fullName.endsWith('/old-thing'))!;
      const empty = all.find((r) => r.fullName.endsWith('/nothing-yet'))!;
      const svc = all.find((r) => r.fullName.endsWith('/svc-007'))!;
      expect(archived.archived).toBe(true);
      expect(empty).toMatchObject({ empty: true, defaultBranch: null });
      expect(svc).toMatchObject({ archived: false, empty: false, defaultBranch: 'main' });
      expect(svc.externalId).toMatch(/^\d+$/);
      expect(Date.parse(svc.changedAt!)).not.toBeNaN();
      expect(svc.webUrl).toMatch(/svc-007$/);
      expect(await h.provider.repository(h.target(newLedger()), svc.externalId)).toEqual(svc);
      expect(await h.provider.repository(h.target(newLedger()), '987654321')).toBeNull();
    });

    it('answers an unchanged listing and file with 304s', async () => {
      const { etags } = await listAll(h, h.target(newLedger()));
      const again = newLedger();
      const second = await listAll(h, h.target(again), etags);
      expect(second.notModified).toBe(1);
      expect(again.notModified).toBe(again.made);
      const page = await h.provider.listPage(h.target(newLedger()), null, null);
      const repo = !page.notModified ? page.repositories[0]! : undefined;
      const read = await h.provider.readFile(h.target(newLedger()), repo!, 'catalog-info.yaml', 'main', null);
      expect(read).toMatchObject({ status: 'found', text: expect.stringContaining('kind: Component') });
      const etag = read.status === 'found' ? read.etag : null;
      expect(etag).toBeTruthy();
      const ledger = newLedger();
      expect(await h.provider.readFile(h.target(ledger), repo!, 'catalog-info.yaml', 'main', etag)).toEqual({
        status: 'not-modified',
      });
      expect(ledger.notModified).toBe(1);
      h.host.push(
        h.host.repos.get(Number(repo!.externalId))!,
        'catalog-info.yaml',
        'kind: Component\nmetadata:\n  name: changed\n',
      );
      expect(await h.provider.readFile(h.target(newLedger()), repo!, 'catalog-info.yaml', 'main', etag)).toMatchObject({
        status: 'found',
        text: expect.stringContaining('changed'),
      });
    });

    it('answers a missing file, an empty repository and invalid YAML as they are', async () => {
      const byName = (n: string) => [...h.host.repos.values()].find((r) => r.name === n)!;
      const asRepo = async (n: string) => (await h.provider.repository(h.target(newLedger()), String(byName(n).id)))!;
      expect(
        await h.provider.readFile(
          h.target(newLedger()),
          await asRepo('svc-001'),
          'nope/catalog-info.yaml',
          'main',
          null,
        ),
      ).toEqual({ status: 'missing' });
      expect(
        await h.provider.readFile(
          h.target(newLedger()),
          await asRepo('nothing-yet'),
          'catalog-info.yaml',
          'main',
          null,
        ),
      ).toEqual({ status: 'missing' });
      expect(
        await h.provider.readFile(h.target(newLedger()), await asRepo('broken'), 'catalog-info.yaml', 'main', null),
      ).toMatchObject({
        status: 'found',
        text: 'kind: [Component\n  : : :',
      });
    });

    it('pauses on a spent budget until the reset, then finishes', async () => {
      h.host.limits = { ...h.host.limits, budget: 2, windowMs: 1500 };
      try {
        const ledger = newLedger();
        const { names } = await listAll(h, h.target(ledger));
        expect(names).toHaveLength(233);
        expect(ledger.pauses.length).toBeGreaterThan(0);
      } finally {
        h.host.limits = { ...h.host.limits, budget: Infinity };
      }
    });

    it('pauses on the secondary limit (Retry-After) and keeps at most maxInFlight requests in flight', async () => {
      const page = await h.provider.listPage(h.target(newLedger()), null, null);
      const repos = page.notModified ? [] : page.repositories.slice(0, 12);
      h.host.limits = { ...h.host.limits, maxInFlight: 2, retryAfterS: 1, latencyMs: 30 };
      try {
        const ledger = newLedger();
        const limited = h.target(ledger, { maxInFlight: 4 });
        h.host.resetCounters();
        const reads = await Promise.all(
          repos.map((r) => h.provider.readFile(limited, r, 'catalog-info.yaml', 'main', null)),
        );
        expect(reads.every((r) => r.status === 'found')).toBe(true);
        expect(h.host.counters.secondary).toBeGreaterThan(0);
        expect(ledger.pauses.length).toBeGreaterThan(0);
        expect(h.host.counters.maxInFlight).toBeLessThanOrEqual(4);
      } finally {
        h.host.limits = { ...h.host.limits, maxInFlight: Infinity, latencyMs: 0 };
      }
    });

    it('refuses a bad credential as the provider refusing it', async () => {
      await expect(
        h.provider.listPage(h.target(newLedger(), { badCredential: true }), null, null),
      ).rejects.toBeInstanceOf(UpstreamRefused);
    });
  });
}
