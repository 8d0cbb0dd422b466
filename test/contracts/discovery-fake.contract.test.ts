import { FakeDiscoveryProvider } from '../fakes/ports/discovery.fake.js';
import { discoveryContract } from './discovery.contract.js';

discoveryContract('in-memory fake', async () => {
  const provider = new FakeDiscoveryProvider();
  return {
    provider,
    host: provider.host,
    owner: 'acme',
    target: (ledger, opts = {}) => ({
      baseUrl: 'https://git.fake.example',
      owner: 'acme',
      auth: { kind: 'token', token: opts.badCredential ? 'wrong-token' : provider.token },
      maxInFlight: opts.maxInFlight ?? 8,
      ledger,
    }),
    close: async () => {},
  };
});
