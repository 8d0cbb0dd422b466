import type { StageContext, StageOutcome } from './types.js';

/** Fills `{{version}}`, `{{commitSha}}`, `{{pipeline}}` and `{{runId}}` into a message. */
function render(template: string, ctx: StageContext) {
  const vars: Record<string, string> = {
    version: ctx.run.version,
    commitSha: ctx.run.commitSha.slice(0, 7),
    pipeline: ctx.pipeline.name,
    runId: ctx.run.id,
  };
  return template.replace(/\{\{\s*(version|commitSha|pipeline|runId)\s*\}\}/g, (_, k: string) => vars[k]!);
}

/**
 * Posts `{channel, text}` (Slack-compatible) through the notification webhook port when
 * NOTIFY_WEBHOOK_URL is set (decision 512; a non-2xx answer fails the stage); always emits
 * `pipeline.notify`.
 */
export async function notifyStage(ctx: StageContext): Promise<StageOutcome> {
  const channel = String(ctx.stage.config.channel);
  const message = String(ctx.stage.config.message ?? '');
  const text = message
    ? render(message, ctx)
    : `Pipeline "${ctx.pipeline.name}" run ${ctx.run.id} (version ${ctx.run.version}) reached stage "${ctx.stage.name}"`;
  const event = {
    runId: ctx.run.id,
    pipelineId: ctx.pipeline.id,
    stageId: ctx.stage.id,
    stage: ctx.stage.id,
    channel,
    text,
    message: text,
    delivered: false,
    statusCode: null as number | null,
  };
  const webhook = ctx.notifyWebhook;
  if (!webhook) {
    ctx.notify(event);
    ctx.log(`notification to #${channel} emitted as pipeline.notify (NOTIFY_WEBHOOK_URL is not set)`);
    return { status: 'succeeded', extra: { delivered: false } };
  }
  let status: number | null = null;
  let failure: string | undefined;
  try {
    status = (await webhook.send({ channel, text }, ctx.signal)).statusCode;
    if (status < 200 || status >= 300) failure = `the notification webhook answered ${status}`;
  } catch (err) {
    // The port's rejection message is the reason (a timeout, or no answer at all).
    failure = err instanceof Error ? err.message : 'the notification webhook could not be reached';
  }
  ctx.notify({ ...event, delivered: !failure, statusCode: status });
  if (failure) return { status: 'failed', reason: failure, extra: { delivered: false, statusCode: status } };
  ctx.log(`notification to #${channel} delivered (${status})`);
  return { status: 'succeeded', extra: { delivered: true, statusCode: status } };
}
