import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import DurationSequencer from '../helpers/sequencer.js';

/** The suite's file order (decision 910), on a made-up tree with its own test/durations.json. */
const root = mkdtempSync(join(tmpdir(), 'hangar-sequencer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(durations: object, files: Record<string, number>) {
  mkdirSync(join(root, 'test'), { recursive: true });
  writeFileSync(join(root, 'test', 'durations.json'), JSON.stringify(durations));
  for (const [file, bytes] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), 'x'.repeat(bytes));
  }
}

const spec = (project: string, groupOrder: number, file: string) =>
  ({
    moduleId: join(root, file),
    project: { name: project, config: { sequence: { groupOrder } } },
  }) as unknown as TestSpecification;

function sequencer(cached: Record<string, number> = {}) {
  const ctx = {
    config: { root },
    cache: {
      getFileTestResults: (key: string) => (key in cached ? { duration: cached[key], failed: false } : undefined),
    },
  };
  return new DurationSequencer(ctx as unknown as Vitest);
}

const names = (specs: TestSpecification[]) =>
  specs.map((s) => `${s.project.name}:${s.moduleId.slice(root.length + 1)}`);

describe('DurationSequencer', () => {
  it('runs groups in order, the heaviest project first, its longest files first, and `last` files at their group’s end', async () => {
    tree(
      {
        last: ['e/image.test.ts'],
        files: {
          'a/short.test.ts': 2,
          'a/long.test.ts': 40,
          'b/one.test.ts': 10,
          'e/image.test.ts': 90,
          'e/flow.test.ts': 5,
          'w/page.test.ts': 30,
        },
      },
      {
        'a/short.test.ts': 1,
        'a/long.test.ts': 1,
        'b/one.test.ts': 1,
        'e/image.test.ts': 1,
        'e/flow.test.ts': 1,
        'w/page.test.ts': 1,
      },
    );
    const files = [
      spec('browser', 2, 'w/page.test.ts'),
      spec('unit', 0, 'b/one.test.ts'),
      spec('e2e', 1, 'e/image.test.ts'),
      spec('pglite', 0, 'a/short.test.ts'),
      spec('e2e', 1, 'e/flow.test.ts'),
      spec('pglite', 0, 'a/long.test.ts'),
    ];
    expect(names(await sequencer().sort(files))).toEqual([
      'pglite:a/long.test.ts',
      'pglite:a/short.test.ts',
      'unit:b/one.test.ts',
      'e2e:e/flow.test.ts',
      'e2e:e/image.test.ts',
      'browser:w/page.test.ts',
    ]);
  });

  it('estimates a new file from Vitest’s cache, else its project’s median, and orders unknown files by size', async () => {
    tree(
      { files: { 'a/ten.test.ts': 10, 'a/twenty.test.ts': 20, 'a/thirty.test.ts': 30 } },
      { 'a/new.test.ts': 1, 'a/cached.test.ts': 1, 'u/small.test.ts': 10, 'u/large.test.ts': 5000 },
    );
    const files = ['ten', 'twenty', 'thirty', 'new', 'cached'].map((f) => spec('pglite', 0, `a/${f}.test.ts`));
    const ordered = names(await sequencer({ 'pglite:a/cached.test.ts': 25_000 }).sort(files));
    expect(ordered.indexOf('pglite:a/cached.test.ts')).toBe(1); // 25 s: after 30, before 20
    expect(ordered.indexOf('pglite:a/new.test.ts')).toBeGreaterThan(ordered.indexOf('pglite:a/thirty.test.ts'));
    expect(ordered.indexOf('pglite:a/new.test.ts')).toBeLessThan(ordered.indexOf('pglite:a/ten.test.ts'));
    const unknown = [spec('unit', 0, 'u/small.test.ts'), spec('unit', 0, 'u/large.test.ts')];
    expect(names(await sequencer().sort(unknown))).toEqual(['unit:u/large.test.ts', 'unit:u/small.test.ts']);
  });
});
