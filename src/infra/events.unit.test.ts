import { describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '../shared/events.js';
import { createEventBus, factsChangedOn, isSocketEvent } from './events.js';

const deployment = (id: string, status: string) => ({ id, status, componentId: 'c' }) as never;

describe('the event bus (decision 920)', () => {
  it('calls the subscribers of a name, in subscription order, with payload, audience and name', () => {
    const bus = createEventBus({ warn: () => {} });
    const heard: string[] = [];
    bus.on(
      'deployment.updated',
      (d, audience, name) => void heard.push(`first ${name} ${(d as { id: string }).id} ${audience?.organizationId}`),
    );
    bus.on(['deployment.created', 'deployment.updated'], (_d, _a, name) => void heard.push(`second ${name}`));
    bus.emit('deployment.updated', deployment('d1', 'succeeded'), { organizationId: 'o1' });
    bus.emit('deployment.created', deployment('d2', 'pending'));
    expect(heard).toEqual(['first deployment.updated d1 o1', 'second deployment.updated', 'second deployment.created']);
  });

  it('every-event subscribers hear internal events too, before the named subscribers', () => {
    const bus = createEventBus({ warn: () => {} });
    const heard: string[] = [];
    bus.on('facts.changed', () => void heard.push('named'));
    bus.onAny((name) => void heard.push(`any ${name}`));
    bus.emit('facts.changed', { componentIds: ['a'] });
    expect(heard).toEqual(['any facts.changed', 'named']);
  });

  it("a handler's throw or rejection is logged and reaches neither the emitter nor the others", async () => {
    const warn = vi.fn();
    const bus = createEventBus({ warn });
    const heard: string[] = [];
    bus.on('facts.changed', () => {
      throw new Error('sync');
    });
    bus.on('facts.changed', async () => {
      throw new Error('async');
    });
    bus.on('facts.changed', () => void heard.push('third'));
    expect(() => bus.emit('facts.changed', { componentIds: ['a'] })).not.toThrow();
    expect(heard).toEqual(['third']);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn.mock.calls.map(([o]) => (o as { err: Error }).err.message).sort()).toEqual(['async', 'sync']);
  });

  it('unsubscribes', () => {
    const bus = createEventBus({ warn: () => {} });
    const heard: string[] = [];
    const off = bus.on(['facts.changed', 'user.admin_role.changed'], (_p, _a, name) => void heard.push(name));
    const offAny = bus.onAny((name) => void heard.push(`any ${name}`));
    off();
    offAny();
    bus.emit('facts.changed', { componentIds: ['a'] });
    bus.emit('user.admin_role.changed', { userId: 'u', isAdmin: true });
    expect(heard).toEqual([]);
  });

  it('facts.changed: the distinct components, never for none', () => {
    const bus = createEventBus({ warn: () => {} });
    const heard: string[][] = [];
    bus.on('facts.changed', (p) => void heard.push(p.componentIds));
    const announce = factsChangedOn(bus);
    announce([]);
    announce(['a', 'b', 'a']);
    expect(heard).toEqual([['a', 'b']]);
  });

  it("the socket's names are the shared list's; internal events never go to the socket (decision 921)", () => {
    for (const name of SOCKET_EVENTS) expect(isSocketEvent(name)).toBe(true);
    for (const name of ['facts.changed', 'organization.membership.changed', 'user.admin_role.changed'])
      expect(isSocketEvent(name)).toBe(false);
  });
});
