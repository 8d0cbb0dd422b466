import { howItEnded, runProcess, STAGE_KILL_GRACE_MS } from '../../../integrations/process.js';
import { shareWorkDir, stageIdentity } from './stage-user.js';
import type { StageContext, StageOutcome } from './types.js';

/**
 * `sh -c <command>` in the run's working folder, with only the scrubbed environment, as the stage
 * user (decision 208), through the one process-group runner (decision 515). The command is the
 * pipeline author's script by design; it is the only shell the server starts.
 */
export async function scriptStage(ctx: StageContext): Promise<StageOutcome> {
  const command = String(ctx.stage.config.command);
  const who = await stageIdentity(ctx.config.stageUser);
  if (who.kind === 'refused') return { status: 'failed', reason: who.reason };
  if (who.kind === 'user') await shareWorkDir(ctx.workDir, ctx.config.workDir, who);
  const result = await runProcess({
    file: 'sh',
    args: ['-c', command],
    cwd: ctx.workDir,
    env: ctx.commandEnv,
    signal: ctx.signal,
    killGraceMs: STAGE_KILL_GRACE_MS,
    onLine: ctx.log,
    ...(who.kind === 'user' ? { uid: who.uid, gid: who.gid } : {}),
  });
  if (result.error) return { status: 'failed', reason: `could not start sh: ${result.error.message}` };
  if (result.stopped) return { status: 'failed', reason: 'stopped' };
  if (result.exitCode === 0) return { status: 'succeeded', extra: { exitCode: 0 } };
  return { status: 'failed', reason: `the command ${howItEnded(result)}`, extra: { exitCode: result.exitCode } };
}
