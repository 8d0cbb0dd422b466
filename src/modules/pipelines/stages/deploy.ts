import { setTimeout as sleep } from 'node:timers/promises';
import { catalogLookup } from '../../catalog/index.js';
import { environmentsLookup } from '../../environments/index.js';
import { systemCaller } from '../../../kernel/caller.js';
import { describeAbort, type StageContext, type StageOutcome } from './types.js';

/** How often the GitOps application's state is read while waiting for Synced + Healthy. */
export const GITOPS_POLL_MS = 2000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Writes a Deployment (pending -> in_progress -> succeeded/failed). With the component's `gitopsApp`
 * and an organization GitOps client: syncs that application and waits for Synced + Healthy
 * (Degraded or the stage timeout fails it); otherwise records the deployment and says so.
 */
export async function deployStage(ctx: StageContext): Promise<StageOutcome> {
  const { componentId, environmentId } = ctx.stage.config as { componentId: string; environmentId: string };
  const [component, environment] = await Promise.all([
    catalogLookup.findComponent(ctx.db, componentId),
    environmentsLookup.findEnvironment(ctx.db, environmentId),
  ]);
  if (!component) return { status: 'failed', reason: `component ${componentId} does not exist` };
  if (!environment) return { status: 'failed', reason: `environment ${environmentId} does not exist` };

  const caller = systemCaller({ organizationId: ctx.pipeline.organizationId });
  let deployment = await ctx.deployments.record(caller, {
    componentId,
    environmentId,
    version: ctx.run.version,
    status: 'pending',
    deployedBy: ctx.run.triggeredBy,
    pipelineRunId: ctx.run.id,
  });
  const extra = { deploymentId: deployment.id };
  ctx.log(`deployment ${deployment.id}: ${component.name} ${ctx.run.version} to ${environment.name} (pending)`);
  const finish = async (ok: boolean, reason?: string): Promise<StageOutcome> => {
    try {
      deployment = await ctx.deployments.setStatus(caller, deployment.id, ok ? 'succeeded' : 'failed');
      ctx.log(`deployment ${deployment.id}: ${deployment.status}`);
    } catch (err) {
      return { status: 'failed', reason: `could not record the deployment's outcome: ${errorText(err)}`, extra };
    }
    return ok ? { status: 'succeeded', extra } : { status: 'failed', reason: reason ?? 'deployment failed', extra };
  };

  await ctx.deployments.setStatus(caller, deployment.id, 'in_progress');
  ctx.log(`deployment ${deployment.id}: in_progress`);

  const app = (component as { gitopsApp?: string | null }).gitopsApp;
  if (!app) {
    ctx.log('the component has no gitopsApp: the deployment is recorded without a GitOps sync');
    return finish(true);
  }
  let client: Awaited<ReturnType<NonNullable<ReturnType<StageContext['gitops']>>['forOrganization']>> = null;
  try {
    client = (await ctx.gitops()?.forOrganization(ctx.pipeline.organizationId)) ?? null;
  } catch (err) {
    return finish(false, `could not reach the GitOps CD platform: ${errorText(err)}`);
  }
  if (!client) {
    ctx.log(`no GitOps CD credential for this organization: the deployment is recorded without syncing "${app}"`);
    return finish(true);
  }
  try {
    ctx.log(`syncing GitOps application "${app}"`);
    await client.sync(app, ctx.signal);
    let last = '';
    for (;;) {
      const state = await client.state(app, ctx.signal);
      const now = `${state.sync}/${state.health}`;
      if (now !== last) ctx.log(`application "${app}": sync ${state.sync}, health ${state.health}`);
      last = now;
      if (state.health === 'Degraded') return finish(false, `GitOps application "${app}" is Degraded`);
      if (state.sync === 'Synced' && state.health === 'Healthy') return finish(true);
      await sleep(GITOPS_POLL_MS, undefined, { signal: ctx.signal });
    }
  } catch (err) {
    if (ctx.signal.aborted) return finish(false, describeAbort(ctx.signal.reason));
    return finish(false, `GitOps sync of "${app}" failed: ${errorText(err)}`);
  }
}
