import type { StageContext, StageOutcome } from './types.js';

/** Pauses the run: it becomes `waiting_approval` until an admin approves, rejects or cancels it. */
export async function approvalStage(ctx: StageContext): Promise<StageOutcome> {
  const message = String(ctx.stage.config.message ?? '');
  ctx.log(message ? `waiting for approval: ${message}` : 'waiting for approval');
  return { status: 'waiting', extra: { message } };
}
