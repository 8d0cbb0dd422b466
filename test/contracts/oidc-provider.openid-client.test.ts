import { integrationRules } from '../../src/integrations/outbound/policy.js';
import { outboundFetch } from '../../src/integrations/outbound/fetch.js';
import { OpenIdConnectAdapter } from '../../src/integrations/oidc/oidc.adapter.js';
import { parseOidcProviders } from '../../src/config/identity.js';
import { startOidcProvider } from '../helpers/oidc-provider.js';
import { oidcProviderContract } from './oidc-provider.contract.js';

/** The openid-client adapter against a real, certified OpenID provider (panva's oidc-provider 9). */
oidcProviderContract('openid-client against oidc-provider', async () => {
  const redirectUri = 'http://hangar.test/api/v1/auth/oidc/corp/callback';
  const idp = await startOidcProvider({
    redirectUris: [redirectUri],
    users: [
      {
        sub: 'alice',
        password: 'pw',
        email: 'alice@example.com',
        email_verified: true,
        name: 'Alice',
        groups: ['platform'],
      },
    ],
  });
  const [settings] = parseOidcProviders(JSON.stringify([idp.entry()]), false);
  const port = new OpenIdConnectAdapter(settings!, {
    fetch: outboundFetch(integrationRules({ allowedHosts: [], allowPrivate: true })),
    timeoutS: 5,
  });
  return {
    port,
    issuer: idp.issuer,
    redirectUri,
    signIn: (url, login) => idp.signIn(url.href, login, 'pw'),
    close: () => idp.close(),
  };
});
