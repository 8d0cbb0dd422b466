import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { createPipeline, script, trigger, waitForRun, workDir } from './helpers.js';

/**
 * Issue 20, item 9, from the outside: a script stage must not read the server's environment
 * through /proc. The server here is this test process (the app runs in it), so the variables of
 * its own /proc/self/environ are exactly what a stage must not see.
 */
const isRoot = process.getuid?.() === 0;
let t: TestApp;
let sameUser: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({ PIPELINE_WORK_DIR: workDir() });
  sameUser = await buildTestApp({ PIPELINE_WORK_DIR: workDir(), PIPELINE_STAGE_USER: 'nosuchuser-hangar' });
  admin = await t.adminToken();
});
afterAll(async () => {
  await sameUser?.close();
  await t?.close();
});

/** Entries of the server's initial environment that the stage's own scrubbed environment does not have. */
const serverEnvironment = () =>
  readFileSync('/proc/self/environ', 'utf8')
    .split('\0')
    .filter((e) => e.includes('=') && !/^(PATH|HOME|LANG|HANGAR_[A-Z_]+|PWD|SHLVL|_)=/.test(e) && e.length > 6);

describe('script stages and the server process (item 9)', () => {
  it.runIf(isRoot)(
    'run as PIPELINE_STAGE_USER (nobody): /proc/$PPID/environ and /proc/<server pid>/environ yield nothing',
    async () => {
      const p = await createPipeline(t, admin, {
        name: uniq('procenv'),
        stages: [
          script('write', 'echo data > shared.txt && cat shared.txt && echo "uid=$(id -u)"'),
          script(
            'peek',
            `cat /proc/$PPID/environ; cat /proc/${process.pid}/environ; tr '\\0' '\\n' < /proc/1/environ; echo peek-done`,
          ),
        ],
      });
      const run = await trigger(t, admin, p.id);
      const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
      expect(done.status, done.logs).toBe('succeeded');
      expect(done.logs).toContain('data');
      expect(done.logs).toContain('peek-done');
      expect(done.logs).not.toContain('uid=0');
      expect(done.logs).toMatch(/Permission denied/);
      const leaked = serverEnvironment().filter((entry) => done.logs.includes(entry));
      expect(leaked).toEqual([]);
    },
  );

  it('a stage user that cannot be used fails the stage with a reason, and runs nothing', async () => {
    const token = await sameUser.adminToken();
    const p = await createPipeline(sameUser, token, {
      name: uniq('nouser'),
      stages: [script('s', 'echo must-not-run')],
    });
    const run = await trigger(sameUser, token, p.id);
    const done = await waitForRun(sameUser, token, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.logs).not.toContain('must-not-run');
    expect(done.stageResults[0]!.output).toMatch(/PIPELINE_STAGE_USER/);
  });
});
