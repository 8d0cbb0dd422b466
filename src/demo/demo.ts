import { randomBytes, randomUUID } from 'node:crypto';
import type { Caller } from '../kernel/caller.js';
import { systemCaller } from '../kernel/caller.js';
import { PageQuery } from '../kernel/pagination.js';
import type { App } from '../kernel/types.js';
import { ListComponentsQuery } from '../modules/catalog/catalog.schemas.js';
import { DeploymentListQuery } from '../modules/deployments/deployments.schemas.js';
import { IncidentListQuery } from '../modules/incidents/incidents.schemas.js';
import type { Modules } from '../modules/wiring.js';
import { activity, asBody } from './demo.sample.js';
import { loadSample } from './demo.steps.js';

/** The account the demo's records are written as (their reporter, author and owner); nobody signs in as it. */
const AUTHOR = { username: 'hangar-demo', email: 'hangar-demo@example.com', displayName: 'Hangar demo' };

/** The demo was not loaded: the database holds data of its own, or the demo's author cannot be registered. */
export class DemoRefused extends Error {}

/** Records per area, each read through its list verb: the demo only ever loads into a database where all are 0. */
async function existingData(modules: Modules) {
  const caller = systemCaller();
  const page = asBody(PageQuery, { take: 1 }, 'page');
  const counts = {
    components: (await modules.catalog.list(caller, asBody(ListComponentsQuery, { take: 1 }, 'page'))).total,
    teams: (await modules.teams.list(caller, page)).total,
    environments: (await modules.environments.list(caller, page)).total,
    deployments: (await modules.deployments.list(caller, asBody(DeploymentListQuery, { take: 1 }, 'page'))).total,
    incidents: (await modules.incidents.list(caller, asBody(IncidentListQuery, { take: 1 }, 'page'))).total,
  };
  return Object.entries(counts).filter(([, n]) => n > 0);
}

/** The demo's environment, by its name and description: the mark of a database the demo already loaded. */
async function demoAlreadyLoaded(modules: Modules) {
  const { environment } = activity();
  const list = await modules.environments.list(systemCaller(), asBody(PageQuery, { take: 10 }, 'page'));
  return (
    list.total === 1 && list.data.some((e) => e.name === environment.name && e.description === environment.description)
  );
}

/**
 * The author registers through the API's own registration route, like anyone; its password is
 * random and thrown away. The loader acts as that person with an administrator's reach (the start
 * command's operator asked for the demo); the account itself holds no role (decision 896).
 */
async function registerAuthor(app: App): Promise<Caller> {
  const password = `${randomBytes(18).toString('base64url')}aA1`;
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { ...AUTHOR, password } });
  if (res.statusCode !== 201) {
    const message = (res.json() as { error?: { message?: string } }).error?.message ?? `status ${res.statusCode}`;
    throw new DemoRefused(`the demo's author account could not be registered (${message})`);
  }
  const user = res.json() as { id: string };
  return Object.freeze({
    actor: { kind: 'user' as const, userId: user.id, username: AUTHOR.username, roles: ['admin'], isAdmin: true },
    organizationId: null,
    requestId: `demo-${randomUUID()}`,
  });
}

/**
 * `npm start -- --demo` / HANGAR_DEMO=true (decision 895): a small, realistic sample written through
 * the modules' own verbs, on an empty database only. Run after the app is ready (its job queue
 * runs the pipeline) and before it listens. A database the demo loaded before is left as it is.
 */
export async function loadDemo(app: App): Promise<{ loaded: boolean; ms: number }> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const { modules } = app.hangar;
  if (await demoAlreadyLoaded(modules)) {
    app.log.info('demo: the sample is already loaded; nothing to do');
    return { loaded: false, ms: Date.now() - started };
  }
  const found = await existingData(modules);
  if (found.length) {
    const what = found.map(([area, n]) => `${n} ${area}`).join(', ');
    throw new DemoRefused(`the database already holds data (${what}); the demo loads only into an empty database`);
  }
  const caller = await registerAuthor(app);
  const { runStatus } = await loadSample(modules, caller);
  const ms = Date.now() - started;
  // The process's CPU time too: on a loaded machine the wall time says more about the others' work.
  const used = process.cpuUsage(cpu);
  const cpuMs = Math.round((used.user + used.system) / 1000);
  app.log.info(
    { ms, cpuMs, pipelineRun: runStatus },
    'demo: sample loaded (catalog, API versions, deployments, incident, scorecard, pipeline, dashboard)',
  );
  return { loaded: true, ms };
}
