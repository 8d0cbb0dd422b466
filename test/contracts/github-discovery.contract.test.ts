import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GithubDiscoveryAdapter } from '../../src/integrations/github-discovery/github-discovery.adapter.js';
import { startFakeGithub, type FakeGithub } from '../fakes/servers/github-server.js';
import { discoveryContract, newLedger } from './discovery.contract.js';

discoveryContract('GitHub adapter against a GitHub REST-shaped server', async () => {
  const server = await startFakeGithub();
  const provider = new GithubDiscoveryAdapter();
  return {
    provider,
    host: server.host,
    owner: 'acme',
    target: (ledger, opts = {}) => ({
      baseUrl: server.url,
      owner: 'acme',
      auth: { kind: 'token', token: opts.badCredential ? 'ghp_wrong' : server.token },
      maxInFlight: opts.maxInFlight ?? 8,
      ledger,
    }),
    close: server.close,
  };
});

let gh: FakeGithub;
beforeAll(async () => {
  gh = await startFakeGithub();
});
afterAll(() => gh.close());

it('lists a user (not an organization) through /users/{user}/repos', async () => {
  gh.users.add('octocat');
  gh.host.add('octocat', 'hello-world', { file: 'kind: Component\n' });
  const page = await new GithubDiscoveryAdapter().listPage(
    {
      baseUrl: gh.url,
      owner: 'octocat',
      auth: { kind: 'token', token: gh.token },
      maxInFlight: 2,
      ledger: newLedger(),
    },
    null,
    null,
  );
  expect(page.notModified ? [] : page.repositories.map((r) => r.fullName)).toEqual(['octocat/hello-world']);
});

it('authenticates as a GitHub App installation (RS256 JWT exchanged for an installation token)', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  gh.trustApp('4242', publicKey.export({ type: 'spki', format: 'pem' }).toString());
  gh.host.add('apps-org', 'svc', { file: 'kind: Component\n' });
  const auth = {
    kind: 'github-app' as const,
    appId: '4242',
    installationId: '77',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  const page = await new GithubDiscoveryAdapter().listPage(
    { baseUrl: gh.url, owner: 'apps-org', auth, maxInFlight: 2, ledger: newLedger() },
    null,
    null,
  );
  expect(page.notModified ? [] : page.repositories.map((r) => r.fullName)).toEqual(['apps-org/svc']);
});
