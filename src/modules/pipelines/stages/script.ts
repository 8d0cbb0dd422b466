import { shareWorkDir, stageIdentity } from './stage-user.js';
import type { StageContext, StageOutcome } from './types.js';

/**
 * `sh -c <command>` in the run's working folder, with only the scrubbed environment, as the stage
 * user (decision 208), through the script runner port (decision 1053; the adapter is the one
 * process-group runner, decision 515). The command is the pipeline author's script by design; it is
 * the only shell the server starts.
 */
export async function scriptStage(ctx: StageContext): Promise<StageOutcome> {
  const command = String(ctx.stage.config.command);
  const who = await stageIdentity(ctx.config.stageUser);
  if (who.kind === 'refused') return { status: 'failed', reason: who.reason };
  if (who.kind === 'user') await shareWorkDir(ctx.workDir, ctx.config.workDir, who);
  const result = await ctx.scripts.run({
    command,
    cwd: ctx.workDir,
    env: ctx.commandEnv,
    signal: ctx.signal,
    onLine: ctx.log,
    ...(who.kind === 'user' ? { user: { uid: who.uid, gid: who.gid } } : {}),
  });
  if (result.error) return { status: 'failed', reason: `could not start sh: ${result.error}` };
  if (result.stopped) return { status: 'failed', reason: 'stopped' };
  if (result.exitCode === 0) return { status: 'succeeded', extra: { exitCode: 0 } };
  return { status: 'failed', reason: `the command ${result.ended}`, extra: { exitCode: result.exitCode } };
}
