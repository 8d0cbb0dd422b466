import { setTimeout as sleep } from 'node:timers/promises';
import { BadGateway } from '../../../src/kernel/errors.js';
import { UpstreamRefused } from '../../../src/integrations/http.js';
import type {
  DiscoveredRepository,
  DiscoveryProvider,
  DiscoveryTarget,
  FileRead,
  ListedPage,
  RequestLedger,
} from '../../../src/modules/discovery/discovery.ports.js';
import { etagOf, RepoHost, type HostedRepo } from '../servers/repo-host.js';

/**
 * An in-memory discovery provider (decision 1020), held to test/contracts/discovery.contract.ts like
 * the GitHub and GitLab adapters. It reads the same `RepoHost` the fake servers serve, so its
 * controls (repositories, pushes, limits, counters) are theirs: pages of 100 with ETags, a 304 that
 * costs no budget, a spent budget and the secondary limit waited out as pauses on the ledger
 * (decision 1012), at most `maxInFlight` requests of a scan at once, a wrong token refused.
 */
const PAGE_SIZE = 100;

type Answer<T> = { value: T; notModified: boolean };

/** One gate per scan (by its ledger), as the adapters keep: the in-flight bound and the pause. */
class Gate {
  inFlight = 0;
  pausedUntil = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async acquire() {
    while (this.inFlight >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
  }
  release() {
    this.inFlight--;
    this.waiting.shift()?.();
  }
  pause(ledger: RequestLedger, until: number, why: string) {
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    ledger.paused(new Date(until), why);
  }
}

export class FakeDiscoveryProvider implements DiscoveryProvider {
  /** The one token the fake accepts. */
  readonly token = 'fake-discovery-token';
  private readonly gates = new WeakMap<RequestLedger, Gate>();

  constructor(readonly host = new RepoHost()) {}

  async listPage(t: DiscoveryTarget, page: string | null, etag: string | null): Promise<ListedPage> {
    return this.request<ListedPage>(t, 'list', () => {
      const owned = [...this.host.repos.values()].filter(
        (r) => r.owner === t.owner || r.owner.startsWith(`${t.owner}/`),
      );
      if (!owned.length) throw new BadGateway(`The provider has no organization or group ${t.owner.slice(0, 100)}`);
      const index = page === null ? 1 : Number(/^page:(\d+)$/.exec(page)?.[1] ?? NaN);
      if (!Number.isInteger(index) || index < 1) throw new BadGateway('The provider answered no page for that locator');
      const repositories = owned
        .sort((a, b) => a.id - b.id)
        .slice((index - 1) * PAGE_SIZE, index * PAGE_SIZE)
        .map((r) => this.toRepository(t, r));
      const tag = etagOf(JSON.stringify(repositories), true);
      if (etag === tag) return { value: { notModified: true }, notModified: true };
      const next = index * PAGE_SIZE < owned.length ? `page:${index + 1}` : null;
      return { value: { notModified: false, repositories, etag: tag, next }, notModified: false };
    });
  }

  async repository(t: DiscoveryTarget, externalId: string): Promise<DiscoveredRepository | null> {
    return this.request(t, 'repository', () => {
      const repo = /^\d+$/.test(externalId) ? this.host.repos.get(Number(externalId)) : undefined;
      return { value: repo ? this.toRepository(t, repo) : null, notModified: false };
    });
  }

  async readFile(
    t: DiscoveryTarget,
    repo: DiscoveredRepository,
    path: string,
    ref: string,
    etag: string | null,
  ): Promise<FileRead> {
    return this.request<FileRead>(t, 'file', () => {
      const hosted = this.host.repos.get(Number(repo.externalId));
      const text = hosted?.empty ? undefined : hosted?.files.get(ref)?.get(path);
      if (text === undefined) return { value: { status: 'missing' }, notModified: false };
      const tag = etagOf(text);
      if (etag === tag) return { value: { status: 'not-modified' }, notModified: true };
      return { value: { status: 'found', text, etag: tag }, notModified: false };
    });
  }

  private toRepository(t: DiscoveryTarget, r: HostedRepo): DiscoveredRepository {
    const fullName = `${r.owner}/${r.name}`;
    return {
      externalId: String(r.id),
      fullName,
      webUrl: `${t.baseUrl.replace(/\/+$/, '')}/${fullName}`,
      defaultBranch: r.empty ? null : r.defaultBranch,
      archived: r.archived,
      empty: r.empty,
      changedAt: r.pushedAt,
    };
  }

  private gateOf(t: DiscoveryTarget) {
    let gate = this.gates.get(t.ledger);
    if (!gate) this.gates.set(t.ledger, (gate = new Gate(Math.max(1, t.maxInFlight))));
    return gate;
  }

  /** One request: waits out a pause, holds a place in flight, and pauses (never fails) on a limit. */
  private async request<T>(t: DiscoveryTarget, kind: string, answer: () => Answer<T>): Promise<T> {
    const gate = this.gateOf(t);
    for (;;) {
      await this.waitOut(gate, t.signal);
      await gate.acquire();
      let outcome: { limited: number; why: string } | { value: T };
      try {
        await this.waitOut(gate, t.signal);
        outcome = await this.attempt(t, kind, answer);
      } finally {
        gate.release();
      }
      t.ledger.made++;
      if ('limited' in outcome) {
        gate.pause(t.ledger, outcome.limited, outcome.why);
        continue;
      }
      return outcome.value;
    }
  }

  /** One request as the host sees it: in flight from its arrival until its (latent) answer. */
  private async attempt<T>(t: DiscoveryTarget, kind: string, answer: () => Answer<T>) {
    t.signal?.throwIfAborted();
    this.host.count(kind);
    this.host.inFlight++;
    this.host.counters.maxInFlight = Math.max(this.host.counters.maxInFlight, this.host.inFlight);
    // The secondary limit is judged on arrival, like the servers' (decision 1016).
    const secondary = this.host.inFlight > this.host.limits.maxInFlight;
    try {
      if (this.host.limits.latencyMs > 0) await sleep(this.host.limits.latencyMs, undefined, { signal: t.signal });
    } finally {
      this.host.inFlight--;
    }
    if (t.auth.kind !== 'token' || t.auth.token !== this.token)
      throw new UpstreamRefused('The provider refused the credential');
    if (secondary) {
      this.host.counters.secondary++;
      return { limited: Date.now() + this.host.limits.retryAfterS * 1000, why: 'secondary rate limit' };
    }
    const { value, notModified } = answer();
    const budget = this.host.take(notModified ? 0 : 1);
    t.ledger.rateLimitRemaining = budget.remaining;
    t.ledger.rateLimitResetAt = new Date(budget.reset * 1000).toISOString();
    if (budget.spent) {
      this.host.counters.limited++;
      return { limited: budget.reset * 1000 + 1000, why: 'rate limit' };
    }
    if (notModified) {
      this.host.counters.notModified++;
      t.ledger.notModified++;
    }
    return { value };
  }

  private async waitOut(gate: Gate, signal?: AbortSignal) {
    const ms = gate.pausedUntil - Date.now();
    if (ms > 0) await sleep(ms, undefined, { signal });
  }
}
