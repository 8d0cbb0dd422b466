import type { Database } from '../../db/client.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { PolicyEnginePort } from './policyengine.ports.js';
import { policyEngineRoutes } from './policyengine.routes.js';
import { createPolicyEngineService, type PolicyEngineService } from './policyengine.service.js';

export { createPolicyEngineService } from './policyengine.service.js';
export type { PolicyEnginePort } from './policyengine.ports.js';

/** Policy evaluation against OPA (decision 600: the policy engine). Admission endpoints live in `admission/`. */
export function createPolicyEngineModule(deps: {
  db: Database;
  engine: PolicyEnginePort;
}): HangarModule<PolicyEngineService> {
  const service = createPolicyEngineService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(policyEngineRoutes, { service });
    },
  };
}
