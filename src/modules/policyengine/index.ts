import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { OpaAdapter } from '../../integrations/opa/opa.adapter.js';
import { policyEngineRoutes } from './policyengine.routes.js';
import { createPolicyEngineService } from './policyengine.service.js';

export { createPolicyEngineService } from './policyengine.service.js';

/** Policy evaluation against OPA (decision 600: the policy engine). Admission endpoints live in `admission/`. */
export async function policyEngineModule(app: App, ctx: AppContext) {
  const engine = new OpaAdapter(ctx.config.policy.url);
  await app.register(policyEngineRoutes, { service: createPolicyEngineService({ db: ctx.db, engine }) });
}
