import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { gateSubscriptions } from './subscriptions.js';

/**
 * A stand-in with ioredis's order on a reconnection (its readyHandler): the status turns `ready` and
 * 'ready' is emitted first, then, in the same turn, the previous subscriptions are re-issued.
 */
function reconnectingClient() {
  const client = new EventEmitter() as EventEmitter & {
    status: string;
    subscribe(...a: unknown[]): Promise<number>;
    psubscribe(...a: unknown[]): Promise<number>;
  };
  const confirmations: (() => void)[] = [];
  client.status = 'ready';
  client.psubscribe = () => new Promise<number>((resolve) => confirmations.push(() => resolve(1)));
  client.subscribe = client.psubscribe;
  const reconnect = () => {
    client.status = 'ready';
    client.emit('ready');
    void client.psubscribe('events#*'); // what ioredis's autoResubscribe does right after the event
  };
  return { client, confirmations, reconnect };
}

describe('the subscription gate', () => {
  it('stays closed after a reconnection until the re-issued subscriptions are confirmed', async () => {
    const { client, confirmations, reconnect } = reconnectingClient();
    const gate = gateSubscriptions(client as unknown as Redis);
    void client.psubscribe('events#*');
    confirmations.shift()!();
    expect(await gate.ready(0)).toBe(true);

    client.status = 'reconnecting';
    client.emit('close');
    let opened = false;
    const waiting = gate.ready(5_000).then((ok) => (opened = ok));
    reconnect();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened).toBe(false);
    confirmations.shift()!();
    await waiting;
    expect(opened).toBe(true);
  });
});
