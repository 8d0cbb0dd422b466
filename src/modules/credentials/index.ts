import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { integrationRules } from '../../integrations/outbound/policy.js';
import { CredentialKeyring } from './credentials.crypto.js';
import { credentialsRoutes } from './credentials.routes.js';
import { createCredentialsService, type CredentialsService } from './credentials.service.js';

export { type CredentialType, type CredentialValues } from './credentials.schemas.js';
export { CredentialKeyring } from './credentials.crypto.js';
export { createCredentialsService } from './credentials.service.js';

declare module '../../context.js' {
  interface ModuleServices {
    /** Integration credentials; `readValue(caller, type)` hands a platform adapter its decrypted credential. */
    credentials: CredentialsService;
  }
}

/** Integration credentials of the CI/CD platforms, sealed with AES-256-GCM under a key derived from JWT_SECRET. */
export async function credentialsModule(app: App, ctx: AppContext) {
  const keyring = new CredentialKeyring([ctx.config.jwtSecret, ...ctx.config.ci.previousCredentialSecrets]);
  const service = createCredentialsService({ db: ctx.db, keyring, log: ctx.log, outbound: integrationRules(ctx.config.outbound) });
  ctx.services.credentials = service;
  await app.register(credentialsRoutes, { service });
}
