import { beforeAll, describe, expect, it } from 'vitest';
import { pinnedToAddress } from '../../src/integrations/kubernetes/server-pinning.js';
import { kubernetesSdk, loadKubernetesSdk } from '../../src/integrations/kubernetes/sdk.js';

/** Decision 210: a supplied kubeconfig connects to the address the outbound policy checked. */
beforeAll(async () => {
  await loadKubernetesSdk();
});

function kubeconfig(server: string, extra: Record<string, unknown> = {}) {
  const kc = new (kubernetesSdk().sdk.KubeConfig)();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server, skipTLSVerify: false, ...extra }],
    users: [{ name: 'u', token: 't' }],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  });
  return kc;
}

describe('pinnedToAddress', () => {
  it('names the checked address and keeps verifying TLS against the kubeconfig name', () => {
    const kc = pinnedToAddress(
      kubeconfig('https://kube.example.test:6443'),
      'c',
      new URL('https://kube.example.test:6443'),
      ['203.0.113.7'],
    );
    expect(kc.getCurrentCluster()).toMatchObject({
      server: 'https://203.0.113.7:6443',
      tlsServerName: 'kube.example.test',
    });
  });

  it('brackets an IPv6 address and keeps a path prefix', () => {
    const kc = pinnedToAddress(
      kubeconfig('https://kube.example.test/k8s/clusters/a'),
      'c',
      new URL('https://kube.example.test/k8s/clusters/a'),
      ['2001:db8::5'],
    );
    expect(kc.getCurrentCluster()?.server).toBe('https://[2001:db8::5]/k8s/clusters/a');
  });

  it('keeps an explicit tls-server-name, a literal address, and a server reached through a proxy', () => {
    const named = pinnedToAddress(
      kubeconfig('https://a.test', { tlsServerName: 'api.internal' }),
      'c',
      new URL('https://a.test'),
      ['203.0.113.8'],
    );
    expect(named.getCurrentCluster()).toMatchObject({ server: 'https://203.0.113.8', tlsServerName: 'api.internal' });
    const literal = kubeconfig('https://198.51.100.1:6443');
    expect(pinnedToAddress(literal, 'c', new URL('https://198.51.100.1:6443'), ['198.51.100.1'])).toBe(literal);
    const proxied = kubeconfig('https://a.test', { proxyUrl: 'http://proxy.test:3128' });
    expect(pinnedToAddress(proxied, 'c', new URL('https://a.test'), ['203.0.113.9'])).toBe(proxied);
  });
});
