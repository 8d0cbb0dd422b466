import { howItEnded, runProcess, STAGE_KILL_GRACE_MS } from '../integrations/process.js';
import type { ScriptRunnerPort } from '../modules/pipelines/index.js';

/** The script stage's shell through the one process-group runner (decisions 515, 1053). */
export const shellScriptRunner: ScriptRunnerPort = {
  async run({ command, cwd, env, signal, onLine, user }) {
    const result = await runProcess({
      file: 'sh',
      args: ['-c', command],
      cwd,
      env,
      signal,
      killGraceMs: STAGE_KILL_GRACE_MS,
      onLine,
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    return {
      error: result.error?.message,
      stopped: result.stopped !== undefined,
      exitCode: result.exitCode,
      ended: howItEnded(result),
    };
  },
};
