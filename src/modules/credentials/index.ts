import type { Infrastructure } from '../../context.js';
import { integrationRules } from '../../integrations/outbound/policy.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { CredentialKeyring } from './credentials.crypto.js';
import { credentialsRoutes } from './credentials.routes.js';
import { createCredentialsService, type CredentialsService } from './credentials.service.js';

export { type CredentialType, type CredentialValues } from './credentials.schemas.js';
export { CredentialKeyring } from './credentials.crypto.js';
export { createCredentialsService } from './credentials.service.js';
export type { CredentialsService } from './credentials.service.js';

export type CredentialsDeps = Pick<Infrastructure, 'db' | 'log' | 'config' | 'audit'>;

/**
 * Integration credentials of the CI/CD platforms, sealed with AES-256-GCM under a key derived from
 * JWT_SECRET; `readValue(caller, type)` hands a platform adapter its decrypted credential.
 */
export function createCredentialsModule({ db, log, config, audit }: CredentialsDeps): HangarModule<CredentialsService> {
  const keyring = new CredentialKeyring([config.jwtSecret, ...config.ci.previousCredentialSecrets]);
  const service = createCredentialsService({ db, keyring, log, outbound: integrationRules(config.outbound), audit });
  return {
    service,
    async routes(app: App) {
      await app.register(credentialsRoutes, { service });
    },
  };
}
