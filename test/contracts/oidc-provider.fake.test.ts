import { FakeOidcProvider } from '../fakes/ports/oidc-provider.fake.js';
import { oidcProviderContract } from './oidc-provider.contract.js';

oidcProviderContract('in-memory fake', async () => {
  const issuer = 'https://idp.fake';
  const port = new FakeOidcProvider(
    issuer,
    new Map([
      [
        'alice',
        { sub: 'alice', email: 'alice@example.com', email_verified: true, name: 'Alice', groups: ['platform'] },
      ],
    ]),
  );
  return {
    port,
    issuer,
    redirectUri: 'http://hangar.test/api/v1/auth/oidc/corp/callback',
    signIn: async (url, login) => port.signIn(url, login),
  };
});
