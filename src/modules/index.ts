import type { AppContext } from '../context.js';
import type { App } from '../kernel/types.js';
import { iacModule } from './iac/index.js';
import { iacModulesModule } from './iac-modules/index.js';
import { apiSpecsModule } from './api-specs/index.js';
import { incidentsModule } from './incidents/index.js';
import { dashboardsModule } from './dashboards/index.js';
import { organizationsModule } from './organizations/index.js';
import { teamsModule } from './teams/index.js';
import { environmentsModule } from './environments/index.js';
import { deploymentsModule } from './deployments/index.js';
import { templatesModule } from './templates/index.js';
import { catalogModule } from './catalog/index.js';
import { pipelinesModule } from './pipelines/index.js';
import { credentialsModule } from './credentials/index.js';
import { ciModule } from './ci/index.js';
import { policyEngineModule } from './policyengine/index.js';
import { registryModule } from './registry/index.js';
import { costModule } from './cost/index.js';
import { searchIndicesModule } from './search-indices/index.js';
import { searchModule } from './search/index.js';
import { gatewayModule } from './gateway/index.js';

import { meshOneModule } from './meshone/index.js';
import { meshTwoModule } from './meshtwo/index.js';
import { orchestratorModule } from './orchestrator/index.js';
import { admissionModule } from './admission/index.js';
/**
 * Every domain module, registered in one place. A module's `index.ts` exports a Fastify plugin
 * `xxxModule(app, ctx)` that builds its service from the context and registers its routes and jobs:
 *
 *   await app.register(catalogModule, ctx);
 *
 * Add one line per module, in any order (modules never depend on registration order).
 */
export async function registerModules(app: App, ctx: AppContext) {
  void app;
  void ctx;
  await app.register(iacModule, ctx);
  await app.register(iacModulesModule, ctx);
  await app.register(apiSpecsModule, ctx);
  await app.register(incidentsModule, ctx);
  await app.register(dashboardsModule, ctx);
  await app.register(organizationsModule, ctx);
  await app.register(teamsModule, ctx);
  await app.register(environmentsModule, ctx);
  await app.register(deploymentsModule, ctx);
  await app.register(templatesModule, ctx);
  await app.register(catalogModule, ctx);
  await app.register(policyEngineModule, ctx);
  await app.register(registryModule, ctx);
  await app.register(costModule, ctx);
  await app.register(searchIndicesModule, ctx);
  await app.register(searchModule, ctx);
  await app.register(gatewayModule, ctx);
  await app.register(meshOneModule, ctx);
  await app.register(meshTwoModule, ctx);
  await app.register(orchestratorModule, ctx);
  await app.register(admissionModule, ctx);
  await app.register(credentialsModule, ctx);
  await app.register(ciModule, ctx);
  await app.register(pipelinesModule, ctx);
}
