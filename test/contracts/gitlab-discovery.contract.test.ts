import { expect, it } from 'vitest';
import { GitlabDiscoveryAdapter } from '../../src/integrations/gitlab-discovery/gitlab-discovery.adapter.js';
import { startFakeGitlab } from '../fakes/servers/gitlab-server.js';
import { discoveryContract, newLedger } from './discovery.contract.js';

discoveryContract('GitLab adapter against a GitLab REST v4-shaped server', async () => {
  const server = await startFakeGitlab();
  return {
    provider: new GitlabDiscoveryAdapter(),
    host: server.host,
    owner: 'acme/platform',
    target: (ledger, opts = {}) => ({
      baseUrl: server.url,
      owner: 'acme/platform',
      auth: { kind: 'token', token: opts.badCredential ? 'glpat-wrong' : server.token },
      maxInFlight: opts.maxInFlight ?? 8,
      ledger,
    }),
    close: server.close,
  };
});

it("lists a group's subgroups' projects too (include_subgroups=true), by the group's path", async () => {
  const server = await startFakeGitlab();
  try {
    server.host.add('acme', 'top', { file: 'kind: Component\n' });
    server.host.add('acme/platform/deep', 'in-subgroup', { file: 'kind: Component\n' });
    server.host.add('other', 'elsewhere', { file: 'kind: Component\n' });
    const target = { baseUrl: server.url, owner: 'acme', auth: { kind: 'token' as const, token: server.token }, maxInFlight: 1, ledger: newLedger() };
    const page = await new GitlabDiscoveryAdapter().listPage(target, null, null);
    expect(page.notModified ? [] : page.repositories.map((r) => r.fullName)).toEqual(['acme/top', 'acme/platform/deep/in-subgroup']);
  } finally {
    await server.close();
  }
});
