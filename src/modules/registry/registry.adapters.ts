import type { RegistryConfig } from '../../config/registry.js';
import { ArtifactRegistryAdapter } from '../../integrations/artifact-registry/artifact-registry.adapter.js';
import { DockerHubAdapter } from '../../integrations/dockerhub/dockerhub.adapter.js';
import { EcrAdapter } from '../../integrations/ecr/ecr.adapter.js';
import { HarborAdapter } from '../../integrations/harbor/harbor.adapter.js';
import { OciRegistryAdapter } from '../../integrations/oci-registry/oci-registry.adapter.js';
import { Unavailable } from '../../kernel/errors.js';
import type { RegistryPort } from './registry.ports.js';

const str = (c: Record<string, unknown> | undefined, k: string) => (typeof c?.[k] === 'string' ? (c[k] as string) : undefined);

/**
 * The adapter `REGISTRY_TYPE` selects, built lazily so a setting that cannot work (no URL for a
 * self-hosted registry, a credential that is not a service account key) answers 503 on use instead
 * of stopping the whole server. Undefined: no registry configured.
 */
export function registryAdapterFor(cfg: RegistryConfig): (() => RegistryPort) | undefined {
  if (!cfg.type) return undefined;
  let built: RegistryPort | undefined;
  const need = (what: string) => new Unavailable(`Container registry adapter ${cfg.type} is not configured: ${what} is missing`);
  const build = (): RegistryPort => {
    const c = cfg.credentials;
    switch (cfg.type) {
      case 'hub':
        return new DockerHubAdapter(cfg.url, c);
      case 'cloudreg_a': {
        const region = str(c, 'region');
        if (!region) throw need('the region in REGISTRY_CREDENTIALS');
        return new EcrAdapter({ region, accessKeyId: str(c, 'accessKeyId'), secretAccessKey: str(c, 'secretAccessKey'), endpoint: cfg.ecrEndpoint }, cfg.url);
      }
      case 'cloudreg_b':
        if (!cfg.url) throw need('REGISTRY_URL (the location)');
        try {
          return new ArtifactRegistryAdapter(cfg.artifactRegistryApiUrl, cfg.url, c);
        } catch {
          throw need('a service account key in REGISTRY_CREDENTIALS');
        }
      case 'selfhosted':
        if (!cfg.url) throw need('REGISTRY_URL');
        return new HarborAdapter(cfg.url, c);
      case 'oci':
        if (!cfg.url) throw need('REGISTRY_URL');
        return new OciRegistryAdapter(cfg.url, { username: str(c, 'username'), password: str(c, 'password') });
      default:
        throw need('a known REGISTRY_TYPE');
    }
  };
  return () => (built ??= build());
}
