import { describe, expect, it } from 'vitest';
import { SubscriptionLanes } from './webhooks.lanes.js';

type Slot = Awaited<ReturnType<SubscriptionLanes['acquire']>>;
const release = (slot: Slot) => {
  if (!('release' in slot)) throw new Error('expected a slot');
  slot.release();
};

describe('subscription lanes (decision 1097)', () => {
  it('runs at most `cap` attempts of one subscription; a fast lane keeps a few waiters, handed the next free slot', async () => {
    const lanes = new SubscriptionLanes(2, 1);
    const a = await lanes.acquire('s');
    const b = await lanes.acquire('s');
    let third: Slot | undefined;
    const waiting = lanes.acquire('s').then((s) => (third = s));
    const fourth = await lanes.acquire('s');
    expect(fourth).toHaveProperty('deferMs');
    expect(third).toBeUndefined();
    release(a);
    await waiting;
    expect(third).toHaveProperty('release');
    expect(lanes.lane('s').active).toBe(2);
    // Other subscriptions are never held by this one's lane.
    expect(await lanes.acquire('other')).toHaveProperty('release');
    release(b);
    release(third!);
    expect(lanes.lane('s').active).toBe(0);
  });

  it('a slow lane keeps no waiters and defers for about as long as the attempts ahead of it take', async () => {
    const lanes = new SubscriptionLanes(4);
    for (let i = 0; i < 4; i++) {
      const slot = await lanes.acquire('dead');
      lanes.observe('dead', 10_000);
      release(slot);
    }
    for (let i = 0; i < 4; i++) await lanes.acquire('dead');
    const deferrals = [];
    for (let i = 0; i < 3; i++) deferrals.push(await lanes.acquire('dead'));
    const ms = deferrals.map((d) => ('deferMs' in d ? d.deferMs : 0));
    expect(ms[0]).toBeGreaterThan(5_000);
    expect(ms[2]).toBeGreaterThan(ms[0]!);
    // A deferred delivery that comes back no longer counts as ahead of the others.
    await lanes.acquire('dead', true);
    expect(lanes.lane('dead').deferred).toBe(3);
  });
});
