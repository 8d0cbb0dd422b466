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
    const target = {
      baseUrl: server.url,
      owner: 'acme',
      auth: { kind: 'token' as const, token: server.token },
      maxInFlight: 1,
      ledger: newLedger(),
    };
    const page = await new GitlabDiscoveryAdapter().listPage(target, null, null);
    expect(page.notModified ? [] : page.repositories.map((r) => r.fullName)).toEqual([
      'acme/top',
      'acme/platform/deep/in-subgroup',
    ]);
  } finally {
    await server.close();
  }
});

it('pages past 10,000 projects, where GitLab leaves out x-total, x-total-pages and rel="last"', async () => {
  const server = await startFakeGitlab();
  try {
    for (let i = 0; i < 10_050; i++) server.host.add('huge', `p-${i}`, { file: null });
    const target = {
      baseUrl: server.url,
      owner: 'huge',
      auth: { kind: 'token' as const, token: server.token },
      maxInFlight: 1,
      ledger: newLedger(),
    };
    const adapter = new GitlabDiscoveryAdapter();
    const first = await fetch(`${server.url}/groups/huge/projects?per_page=100`, {
      headers: { 'private-token': server.token },
    });
    expect([
      first.headers.get('x-total'),
      first.headers.get('x-total-pages'),
      first.headers.get('x-next-page'),
    ]).toEqual([null, null, '2']);
    expect(first.headers.get('link')).not.toContain('rel="last"');
    let seen = 0;
    let page: string | null = null;
    do {
      const listed = await adapter.listPage(target, page, null);
      if (listed.notModified) throw new Error('no ETag was sent');
      seen += listed.repositories.length;
      page = listed.next;
    } while (page);
    expect(seen).toBe(10_050);
  } finally {
    await server.close();
  }
});
