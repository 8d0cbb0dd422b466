import { setTimeout as delay } from 'node:timers/promises';
import type { Modules } from '../modules/wiring.js';
import type { Caller } from '../kernel/caller.js';
import { CreateDashboardBody, CreateWidgetBody } from '../modules/dashboards/dashboards.schemas.js';
import { DeploymentEventBody } from '../modules/deployments/deployments.schemas.js';
import { CreateEnvironmentBody } from '../modules/environments/environments.schemas.js';
import { AddUpdateBody, CreateIncidentBody, StatusBody } from '../modules/incidents/incidents.schemas.js';
import { CreatePipelineBody, TriggerBody } from '../modules/pipelines/pipelines.schemas.js';
import {
  activity,
  asBody,
  catalogYaml,
  petstoreApiEntity,
  PETSTORE_VERSIONS,
  type Activity,
  type DeploymentPlan,
} from './demo.sample.js';

const DAY_MS = 86_400_000;
/** How long the demo waits for its pipeline run (two `echo` stages) to finish. */
const RUN_WAIT_MS = 8_000;

/** The catalog, then the API's second version: registering the entity again with 2.0.0's definition adds a spec version. */
async function loadCatalog(modules: Modules, caller: Caller) {
  const [first, ...later] = PETSTORE_VERSIONS;
  const written = await modules.catalog.registerYaml(caller, `${catalogYaml()}\n---\n${petstoreApiEntity(first)}`);
  if (written.errors.length) throw new Error(`demo catalog: ${written.errors.map((e) => e.message).join('; ')}`);
  for (const version of later) {
    const again = await modules.catalog.registerYaml(caller, petstoreApiEntity(version));
    if (again.errors.length) throw new Error(`demo API ${version}: ${again.errors.map((e) => e.message).join('; ')}`);
  }
}

/**
 * One deployment every `everyDays` over the last 30 days. DORA counts a deployment as failed when it
 * was rolled back or caused an incident (decision 570): on `rolledBackOnDaysAgo` days the same
 * deployment is reported rolled back `recoveryMinutes` after it finished.
 */
function deploymentEvents(plan: DeploymentPlan, environment: string, now: number) {
  const events = [];
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  for (let daysAgo = 29; daysAgo >= 1; daysAgo -= plan.everyDays) {
    const started = today - daysAgo * DAY_MS + plan.hourUtc * 3_600_000;
    const finished = started + 6 * 60_000;
    const version = `1.${30 - daysAgo}.0`;
    const event = (status: 'succeeded' | 'rolled_back', at: number) => ({
      source: 'hangar-demo',
      externalId: `${plan.component}-${version}`,
      component: plan.component,
      environment,
      status,
      version,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(at).toISOString(),
    });
    events.push(event('succeeded', finished));
    if (plan.rolledBackOnDaysAgo.includes(daysAgo))
      events.push(event('rolled_back', finished + plan.recoveryMinutes * 60_000));
  }
  return events;
}

/** The environment and 30 days of deployments, with their DORA facts written at once (the ingest jobs then find them done). */
async function loadDeployments(modules: Modules, caller: Caller, sample: Activity) {
  const environment = await modules.environments.create(
    caller,
    asBody(CreateEnvironmentBody, sample.environment, 'environment'),
  );
  const rolledBack: string[] = [];
  const now = Date.now();
  for (const plan of sample.deployments) {
    for (const event of deploymentEvents(plan, environment.name, now)) {
      const { deployment } = await modules.deployments.recordEvent(
        caller,
        asBody(DeploymentEventBody, event, 'deployment'),
      );
      await modules.dora.ingest(caller, deployment.id);
      if (event.status === 'rolled_back') rolledBack.push(deployment.id);
    }
  }
  return { environmentId: environment.id, lastFailedId: rolledBack.at(-1) };
}

/** An incident caused by the latest failed deployment, walked through its statuses with an update: its timeline. */
async function loadIncident(
  modules: Modules,
  caller: Caller,
  sample: Activity,
  environmentId: string,
  causedBy: string | undefined,
) {
  const { incident } = sample;
  const componentIds = [];
  for (const name of incident.affectedComponents) {
    const component = (await modules.catalog.entity(caller, 'component', 'default', name)) as { id: string };
    componentIds.push(component.id);
  }
  const body = {
    title: incident.title,
    severity: incident.severity,
    description: incident.description,
    affectedComponentIds: componentIds,
    affectedEnvironmentIds: [environmentId],
    ...(causedBy ? { causedByDeploymentId: causedBy } : {}),
  };
  const created = await modules.incidents.create(caller, asBody(CreateIncidentBody, body, 'incident'));
  for (const step of incident.timeline) {
    if ('update' in step)
      await modules.incidents.addUpdate(
        caller,
        created.id,
        asBody(AddUpdateBody, { message: step.update }, 'incident update'),
      );
    else await modules.incidents.changeStatus(caller, created.id, asBody(StatusBody, step, 'incident status'));
  }
}

/** A pipeline and one run of it, waited for until it finished (its stages run for real, as any run's). */
async function loadPipeline(modules: Modules, caller: Caller, sample: Activity) {
  const { trigger, ...definition } = sample.pipeline;
  const pipeline = await modules.pipelines.create(caller, asBody(CreatePipelineBody, definition, 'pipeline'));
  const run = await modules.pipelines.runs.trigger(
    caller,
    pipeline.id,
    asBody(TriggerBody, trigger, 'pipeline trigger'),
  );
  const deadline = Date.now() + RUN_WAIT_MS;
  while (Date.now() < deadline) {
    const now = await modules.pipelines.runs.get(caller, pipeline.id, run.id);
    if (['succeeded', 'failed', 'cancelled'].includes(now.status)) return now.status;
    await delay(50);
  }
  return 'still running';
}

async function loadDashboard(modules: Modules, caller: Caller, sample: Activity) {
  const { widgets, ...definition } = sample.dashboard;
  const dashboard = await modules.dashboards.create(caller, asBody(CreateDashboardBody, definition, 'dashboard'));
  for (const widget of widgets)
    await modules.dashboards.addWidget(caller, dashboard.id, asBody(CreateWidgetBody, widget, 'widget'));
}

/** Every area of the demo, in dependency order; returns the pipeline run's end state. */
export async function loadSample(modules: Modules, caller: Caller) {
  const sample = activity();
  await loadCatalog(modules, caller);
  const { environmentId, lastFailedId } = await loadDeployments(modules, caller, sample);
  await loadIncident(modules, caller, sample, environmentId, lastFailedId);
  // The built-in scorecard (decision 536) is created on first listing and evaluated over the demo's components.
  await modules.scorecards.list(caller, { skip: 0, take: 1 });
  await modules.scorecards.evaluateAll(caller);
  const [runStatus] = await Promise.all([
    loadPipeline(modules, caller, sample),
    loadDashboard(modules, caller, sample),
  ]);
  return { runStatus };
}
