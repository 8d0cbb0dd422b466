import { describe, expect, it } from 'vitest';
import { coalesced } from './webhooks.hot-path.js';

describe('coalesced writes (decision 1113)', () => {
  it('keeps one statement in flight; what arrives while it runs is written by the next one, together', async () => {
    const writes: number[][] = [];
    let inFlight = 0;
    let most = 0;
    let release: (() => void) | undefined;
    const write = coalesced(async (items: number[]) => {
      writes.push(items);
      most = Math.max(most, ++inFlight);
      await new Promise<void>((resolve) => (release = resolve));
      inFlight--;
      return items.length;
    });
    const first = [write(1), write(2)];
    await expect.poll(() => writes.length).toBe(1);
    const second = [write(3), write(4), write(5)];
    await new Promise((r) => setTimeout(r, 20));
    expect(writes).toEqual([[1, 2]]); // the second batch waits for the first statement
    release!();
    expect(await Promise.all(first)).toEqual([2, 2]);
    await expect.poll(() => writes.length).toBe(2);
    release!();
    expect(await Promise.all(second)).toEqual([3, 3, 3]);
    expect(writes).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(most).toBe(1);
  });

  it('a failed statement fails its own callers only', async () => {
    let n = 0;
    const write = coalesced(async (items: string[]) => {
      if (n++ === 0) throw new Error('boom');
      return items.join();
    });
    const failed = write('a');
    await expect(failed).rejects.toThrow('boom');
    expect(await write('b')).toBe('b');
  });
});
