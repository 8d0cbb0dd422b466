import { afterAll, describe, expect, it } from 'vitest';
import { HclParseFailure, HclPool } from '../../../src/modules/iac-modules/hcl-pool.js';

/** HCL parsing in worker threads: lazy start, parallel files, errors that name the file, a hung parse replaced. */
const pool = new HclPool(2, 20_000, 60_000);
afterAll(() => pool.close());

describe('HclPool', () => {
  it('starts no worker before the first parse', () => {
    expect((pool as unknown as { slots: unknown[] }).slots).toHaveLength(0);
  });

  it('parses files in worker threads, several at once', async () => {
    const files = Array.from({ length: 6 }, (_, i) => ({
      name: `f${i}.tf`,
      content: `variable "v${i}" {\n  type = string\n}\n`,
    }));
    const out = await Promise.all(files.map((f) => pool.parse(f.name, f.content)));
    expect(out.map((j) => Object.keys(j.variable as object)[0])).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5']);
    expect((pool as unknown as { slots: unknown[] }).slots.length).toBeLessThanOrEqual(2);
  });

  it('rejects with a one-line error naming the file, and goes on', async () => {
    const err = await pool.parse('broken.tf', 'variable "x" {\n').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HclParseFailure);
    expect((err as Error).message).toMatch(/^broken\.tf: /);
    expect((err as Error).message).not.toContain('\n');
    expect(await pool.parse('ok.tf', 'output "o" { value = 1 }')).toEqual({ output: { o: [{ value: 1 }] } });
  });

  it('replaces a worker whose parse exceeds the limit', async () => {
    const quick = new HclPool(1, 1);
    try {
      const err = await quick.parse('slow.tf', 'variable "x" {}').catch((e: unknown) => e);
      expect((err as Error).message).toMatch(/slow\.tf: parsing took longer than/);
    } finally {
      await quick.close();
    }
  });
});
