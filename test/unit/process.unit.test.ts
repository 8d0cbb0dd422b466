import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { findOnPath, runProcess } from '../../src/integrations/process.js';
import { isInsidePath, normaliseStages } from '../../src/modules/pipelines/pipelines.stages.js';

const env = { PATH: '/usr/local/bin:/usr/bin:/bin' };
/** Whether any live (not zombie) process is in the group led by `pid`, from /proc. */
const groupAlive = (pid: number) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .some((d) => {
      try {
        // pid (comm) state ppid pgrp …: comm may hold spaces, so read after its closing parenthesis.
        const [state, , pgrp] = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(pgrp) === pid && state !== 'Z';
      } catch {
        return false;
      }
    });

// The one process-group runner (decision 515): git, the build tools and script stages use it.
describe('runProcess', () => {
  it('streams lines of stdout and stderr, and reports the exit code', async () => {
    const lines: string[] = [];
    const r = await runProcess({
      file: 'sh',
      args: ['-c', 'printf "a\\nb"; echo c >&2; exit 4'],
      cwd: '/',
      env,
      onLine: (l) => lines.push(l),
    });
    expect(r.exitCode).toBe(4);
    expect(r.stopped).toBeUndefined();
    expect(lines.sort()).toEqual(['a', 'b', 'c']);
  });

  it('SIGTERMs the whole group on abort, and SIGKILLs what ignores it after the grace period', async () => {
    const ac = new AbortController();
    const lines: string[] = [];
    const started = Date.now();
    const r = await runProcess({
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
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.stopped).toEqual({ why: 'aborted', reason: new Error('cancelled') });
    expect(lines).toEqual(['up']);
  });

  it('a timeout kills the group, helpers included', async () => {
    let pid = 0;
    const r = await runProcess({
      file: 'sh',
      args: ['-c', 'sleep 30 & echo $$; wait'],
      env,
      timeoutMs: 300,
      onLine: (l) => (pid = Number(l)),
    });
    expect(r.stopped).toEqual({ why: 'timeout' });
    expect(r.signal).toBe('SIGKILL');
    expect(pid).toBeGreaterThan(0);
    await vi.waitFor(() => expect(groupAlive(pid)).toBe(false));
  });

  it('captures output up to its bounds: more stdout kills the group, more stderr is dropped', async () => {
    const big = await runProcess({ file: 'sh', args: ['-c', 'yes hangar; sleep 30'], env, maxStdoutBytes: 1000 });
    expect(big.stopped).toEqual({ why: 'output' });
    expect(big.stdout.length).toBe(1000);
    const noisy = await runProcess({
      file: 'sh',
      args: ['-c', 'head -c 5000 /dev/zero | tr "\\0" x >&2; echo done'],
      env,
      maxStdoutBytes: 100,
      maxStderrBytes: 10,
    });
    expect(noisy).toMatchObject({ exitCode: 0, stdout: 'done\n', stderr: 'xxxxxxxxxx' });
    expect(noisy.stopped).toBeUndefined();
  });

  it('never goes through a shell: arguments reach the binary as given', async () => {
    const r = await runProcess({
      file: 'printf',
      args: ['%s|', '--', '$(id)', '; echo no', '-x'],
      env,
      maxStdoutBytes: 1000,
    });
    expect(r.stdout).toBe('--|$(id)|; echo no|-x|');
  });

  it('an already aborted signal starts nothing', async () => {
    const r = await runProcess({ file: 'sh', args: ['-c', 'exit 0'], env, signal: AbortSignal.abort('gone') });
    expect(r).toMatchObject({ exitCode: null, stopped: { why: 'aborted', reason: 'gone' } });
  });

  it('reports a missing binary, and findOnPath finds real ones', async () => {
    const r = await runProcess({ file: 'no-such-tool-hangar', args: [], cwd: '/', env });
    expect(r.error?.code).toBe('ENOENT');
    expect(await findOnPath('sh', env.PATH)).toMatch(/\/sh$/);
    expect(await findOnPath('no-such-tool-hangar', env.PATH)).toBeUndefined();
  });
});

describe('stage rules', () => {
  it('paths must stay inside the working folder', () => {
    for (const ok of ['Dockerfile', 'a/b/Dockerfile', '.', './x', 'a..b']) expect(isInsidePath(ok), ok).toBe(true);
    for (const bad of ['/etc/passwd', '..', '../x', 'a/../../b', 'a\\..\\b', '~/x', ''])
      expect(isInsidePath(bad), bad).toBe(false);
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
    const { tail, STAGE_OUTPUT_BYTES } = await import('../../src/modules/pipelines/pipelines.log.js');
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
    const { loadConfig } = await import('../../src/config/config.js');
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    const c = loadConfig(base);
    expect(c.pipelines).toMatchObject({ concurrency: 2, logMaxBytes: 5 * 1024 * 1024 });
    expect(c.pipelineStageTimeoutS).toBe(600);
    expect(loadConfig({ ...base, PIPELINE_LOG_MAX_BYTES: '200' }).pipelines.logMaxBytes).toBe(200);
    expect(() => loadConfig({ ...base, PIPELINE_LOG_MAX_BYTES: 'lots' })).toThrow(/PIPELINE_LOG_MAX_BYTES/);
  });
});
