import type { Redis } from 'ioredis';

/**
 * Whether the Redis adapter's subscriptions of this process are in place (decision 818). Redis
 * pub/sub keeps nothing for a subscriber that is not subscribed yet (or any more): a message
 * published by another process before the subscription is confirmed, or while the subscriber's
 * connection is down, never reaches this process's sockets. The adapter fires its `psubscribe` and
 * `subscribe` without awaiting them, and ioredis re-issues them itself after a reconnection, so the
 * gate counts every subscribe call of the client until Redis has confirmed it.
 */
export interface SubscriptionGate {
  /** True once the subscriber is connected and every subscription asked for is confirmed; false after `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  /** `listener` runs whenever the subscriber's connection closes: what is published meanwhile is lost to this process. */
  onLost(listener: () => void): void;
}

export function gateSubscriptions(client: Redis): SubscriptionGate {
  let pending = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  for (const name of ['subscribe', 'psubscribe'] as const) {
    const original = (client as any)[name].bind(client);
    (client as any)[name] = (...args: unknown[]) => {
      const result = original(...args);
      pending++;
      const settled = () => {
        pending--;
        wake();
      };
      // A subscribe refused by a dropped connection is re-issued by ioredis when it reconnects.
      Promise.resolve(result).then(settled, settled);
      return result;
    };
  }
  // ioredis emits 'ready' before it re-issues the subscriptions of a reconnected client (decision 1180; in the same
  // turn, right after): checking at once would open the gate with none of them counted yet.
  client.on('ready', () => setImmediate(wake));
  const isReady = () => client.status === 'ready' && pending === 0;

  return {
    ready(timeoutMs) {
      if (isReady()) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(ok);
        };
        const check = () => {
          if (isReady()) finish(true);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        waiters.add(check);
      });
    },
    onLost(listener) {
      client.on('close', listener);
    },
  };
}
