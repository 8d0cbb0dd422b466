import { describe, expect, it } from 'vitest';
import { findOnPath, runCommand } from '../../../src/modules/pipelines/stages/process.js';
import { isInsidePath, normaliseStages } from '../../../src/modules/pipelines/pipelines.stages.js';

const env = { PATH: '/usr/local/bin:/usr/bin:/bin' };

describe('runCommand', () => {
  it('streams lines of stdout and stderr, and reports the exit code', async () => {
    const lines: string[] = [];
    const r = await runCommand({
      file: 'sh',
      args: ['-c', 'printf "a\\nb"; echo c >&2; exit 4'],
      cwd: '/',
      env,
      signal: new AbortController().signal,
      onLine: (l) => lines.push(l),
    });
    expect(r.exitCode).toBe(4);
    expect(lines.sort()).toEqual(['a', 'b', 'c']);
  });

  it('SIGTERMs the whole group on abort, and SIGKILLs what ignores it after the grace period', async () => {
    const ac = new AbortController();
    const lines: string[] = [];
    const started = Date.now();
    const done = runCommand({
      file: 'sh',
      args: ['-c', "trap '' TERM; echo up; sleep 30 & wait; echo never"],
      cwd: '/',
      env,
      signal: ac.signal,
      onLine: (l) => {
        lines.push(l);
        if (l === 'up') ac.abort(new Error('cancelled'));
      },
      killGraceMs: 500,
    });
    const r = await done;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.aborted).toBeInstanceOf(Error);
    expect(lines).toEqual(['up']);
  });

  it('reports a missing binary, and findOnPath finds real ones', async () => {
    const r = await runCommand({ file: 'no-such-tool-hangar', args: [], cwd: '/', env, signal: new AbortController().signal, onLine: () => {} });
    expect(r.error).toBeInstanceOf(Error);
    expect(await findOnPath('sh', env.PATH)).toMatch(/\/sh$/);
    expect(await findOnPath('no-such-tool-hangar', env.PATH)).toBeUndefined();
  });
});

describe('stage rules', () => {
  it('paths must stay inside the working folder', () => {
    for (const ok of ['Dockerfile', 'a/b/Dockerfile', '.', './x', 'a..b']) expect(isInsidePath(ok), ok).toBe(true);
    for (const bad of ['/etc/passwd', '..', '../x', 'a/../../b', 'a\\..\\b', '~/x', '']) expect(isInsidePath(bad), bad).toBe(false);
  });

  it('keeps the given order for equal orders and defaults order to the position', () => {
    const s = normaliseStages([
      { id: 'x', type: 'approval', order: 1 },
      { id: 'y', type: 'approval' },
      { id: 'z', type: 'approval', order: 0 },
    ]);
    // y defaults to order 1 (its position), equal to x, which was given first.
    expect(s.map((v) => v.id)).toEqual(['z', 'x', 'y']);
  });
});

describe('stage output tail', () => {
  it('keeps at most the last 64 KiB in UTF-8 bytes, starting on a whole character', async () => {
    const { tail, STAGE_OUTPUT_BYTES } = await import('../../../src/modules/pipelines/pipelines.log.js');
    const text = 'é€'.repeat(40_000);
    const out = tail(text, STAGE_OUTPUT_BYTES);
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(STAGE_OUTPUT_BYTES);
    expect(Buffer.byteLength(out)).toBeGreaterThan(STAGE_OUTPUT_BYTES - 4);
    expect(text.endsWith(out)).toBe(true);
    expect(tail('short', STAGE_OUTPUT_BYTES)).toBe('short');
  });
});

describe('pipeline settings', () => {
  it('defaults as decision 611 gives them; any positive PIPELINE_LOG_MAX_BYTES is accepted', async () => {
    const { loadConfig } = await import('../../../src/config/config.js');
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    const c = loadConfig(base);
    expect(c.pipelines).toMatchObject({ concurrency: 2, logMaxBytes: 5 * 1024 * 1024 });
    expect(c.pipelineStageTimeoutS).toBe(600);
    expect(loadConfig({ ...base, PIPELINE_LOG_MAX_BYTES: '200' }).pipelines.logMaxBytes).toBe(200);
    expect(() => loadConfig({ ...base, PIPELINE_LOG_MAX_BYTES: 'lots' })).toThrow(/PIPELINE_LOG_MAX_BYTES/);
  });
});
