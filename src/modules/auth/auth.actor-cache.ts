import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createRedis } from '../../infra/redis.js';

export interface CachedIdentity {
  id: string;
  username: string;
  roles: string[];
  /** `service`: a service account (decision 837). */
  type?: string;
  /** Deactivated accounts are cached too, so each refused request costs no query either. */
  deactivated?: boolean;
}

/** A personal access token as its lookup found it, keyed by the secret's hash (decision 836). */
export interface CachedToken {
  id: string;
  userId: string;
  scope: 'read' | 'write';
  expiresAt: number;
}

/** A safety net only: entries are dropped on every role change; this bounds a publish that failed. */
const MAX_AGE_MS = 30_000;
/** How long a role change waits for every process to confirm it dropped the entry (decision 526). */
const DEFAULT_ACK_TIMEOUT_MS = 2_000;

/**
 * Who a user id is and which roles it holds, kept in process memory so an authenticated request
 * costs no database round trip. The rule "a role change applies to the caller's next request, in
 * every process" holds because every role change goes through `invalidate`, which drops the entry
 * here and, with Redis, publishes the user id to every process and waits until each subscriber has
 * confirmed it dropped the entry before the change is answered (decision 526: a publish alone returns
 * once Redis has queued the message, which another process may read after the caller's next request).
 * A process whose subscription is not live (Redis away, reconnecting) does not use the cache at all
 * and reads the database, so a missed invalidation can never serve stale roles.
 */
export class ActorCache {
  private readonly entries = new Map<string, { identity: CachedIdentity; at: number }>();
  /** Personal access tokens by hash, and each user's hashes: a user's invalidation drops their tokens too. */
  private readonly tokens = new Map<string, { token: CachedToken; at: number }>();
  private readonly tokensOf = new Map<string, Set<string>>();
  private live: boolean;
  private subscriber: Redis | undefined;
  private readonly channel: string;
  private readonly ackChannel: string;
  /** Invalidations of this process waiting for their confirmations, by id. */
  private readonly pending = new Map<string, { needed: number; got: number; done: () => void }>();
  /** Bumped by every invalidation: a database read that raced with one is not cached. */
  private generation = 0;

  constructor(
    private readonly opts: {
      redisUrl?: string;
      keyPrefix: string;
      publisher?: Redis;
      log: FastifyBaseLogger;
      maxEntries?: number;
      ackTimeoutMs?: number;
    },
  ) {
    this.channel = `${opts.keyPrefix}:auth:roles-changed`;
    this.ackChannel = `${opts.keyPrefix}:auth:roles-changed-ack`;
    // Without Redis this is the only process: local invalidation is exact.
    this.live = !opts.redisUrl;
  }

  /** Subscribes to other processes' invalidations (with Redis); caching starts once the subscription is live. */
  start(): void {
    if (!this.opts.redisUrl) return;
    // Re-subscribing is ours to do (not ioredis'), so caching resumes only once the subscription is confirmed.
    const sub = createRedis(this.opts.redisUrl, { maxRetriesPerRequest: null, autoResubscribe: false });
    this.subscriber = sub;
    const stop = () => {
      this.generation++;
      this.live = false;
      this.clear();
    };
    sub.on('close', stop);
    sub.on('reconnecting', stop);
    sub.on('end', stop);
    sub.on('ready', () => {
      sub.subscribe(this.channel, this.ackChannel).then(
        () => {
          this.generation++;
          this.clear();
          this.live = true;
        },
        (err) =>
          this.opts.log.warn(
            { err },
            'role cache: could not subscribe to invalidations; reading roles from the database',
          ),
      );
    });
    sub.on('message', (channel: string, message: string) => {
      if (channel === this.ackChannel) return this.acknowledged(message);
      // "<userId> <ackId>"; a bare user id (an older process during a rolling upgrade) needs no answer.
      const [userId = '', ackId] = message.split(' ');
      this.generation++;
      if (userId === '*') this.clear();
      else this.drop(userId);
      if (ackId) this.opts.publisher?.publish(this.ackChannel, ackId).catch(() => undefined);
    });
  }

  private acknowledged(ackId: string): void {
    const wait = this.pending.get(ackId);
    if (!wait) return;
    wait.got++;
    if (wait.got >= wait.needed) wait.done();
  }

  private clear(): void {
    this.entries.clear();
    this.tokens.clear();
    this.tokensOf.clear();
  }

  /** Drops a user's identity and every token of theirs this process holds. */
  private drop(userId: string): void {
    this.entries.delete(userId);
    const hashes = this.tokensOf.get(userId);
    if (!hashes) return;
    for (const hash of hashes) this.tokens.delete(hash);
    this.tokensOf.delete(userId);
  }

  getToken(hash: string): CachedToken | undefined {
    if (!this.live) return undefined;
    const entry = this.tokens.get(hash);
    if (!entry) return undefined;
    if (Date.now() - entry.at > MAX_AGE_MS) {
      this.tokens.delete(hash);
      return undefined;
    }
    return entry.token;
  }

  /** As `set`; a token is dropped with its user's next invalidation (a revocation invalidates its user). */
  setToken(hash: string, token: CachedToken, generation: number): void {
    if (!this.live || generation !== this.generation) return;
    const max = this.opts.maxEntries ?? 50_000;
    if (this.tokens.size >= max) {
      const [oldest, entry] = this.tokens.entries().next().value!;
      this.tokens.delete(oldest);
      this.tokensOf.get(entry.token.userId)?.delete(oldest);
    }
    this.tokens.set(hash, { token, at: Date.now() });
    let hashes = this.tokensOf.get(token.userId);
    if (!hashes) this.tokensOf.set(token.userId, (hashes = new Set()));
    hashes.add(hash);
  }

  get(userId: string): CachedIdentity | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (Date.now() - entry.at > MAX_AGE_MS) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.identity;
  }

  /** The generation to hand back to `set` after reading the database. */
  mark(): number {
    return this.generation;
  }

  set(identity: CachedIdentity, generation: number): void {
    if (!this.live || generation !== this.generation) return;
    const max = this.opts.maxEntries ?? 50_000;
    if (this.entries.size >= max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(identity.id, { identity, at: Date.now() });
  }

  /** Call after a committed role change, deactivation, token revocation or user removal: best effort across processes, never throws. */
  async invalidate(userId: string): Promise<void> {
    this.generation++;
    this.drop(userId);
    if (!this.opts.publisher) return;
    const ackId = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    // Registered before the publish: a confirmation may arrive before the publish's own reply.
    const confirmed = new Promise<boolean>((resolve) => {
      this.pending.set(ackId, { needed: Number.POSITIVE_INFINITY, got: 0, done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), this.opts.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS);
    });
    try {
      const wait = this.pending.get(ackId)!;
      // PUBLISH answers how many subscribers received the message: that many confirmations are awaited.
      wait.needed = await this.opts.publisher.publish(this.channel, `${userId} ${ackId}`);
      if (wait.got >= wait.needed) wait.done();
      if (!(await confirmed)) {
        this.opts.log.warn(
          { userId, expected: wait.needed, confirmed: wait.got },
          'role cache: not every process confirmed a role change in time',
        );
      }
    } catch (err) {
      // Other processes whose subscription is down are not caching; a live one would miss this, so say so.
      this.opts.log.error({ err, userId }, 'role cache: could not publish a role change to other processes');
    } finally {
      clearTimeout(timer);
      this.pending.delete(ackId);
    }
  }

  async close(): Promise<void> {
    this.live = false;
    this.clear();
    if (this.subscriber) this.subscriber.disconnect();
  }
}
