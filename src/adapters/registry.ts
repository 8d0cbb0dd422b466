import type { RegistryConfig, RegistryCredentialsOf, RegistryType } from '../config/registry.js';
import { ArtifactRegistryAdapter } from '../integrations/artifact-registry/artifact-registry.adapter.js';
import { DockerHubAdapter } from '../integrations/dockerhub/dockerhub.adapter.js';
import type { EcrAdapter } from '../integrations/ecr/ecr.adapter.js';
import { HarborAdapter } from '../integrations/harbor/harbor.adapter.js';
import { OciRegistryAdapter } from '../integrations/oci-registry/oci-registry.adapter.js';
import { Unavailable } from '../kernel/errors.js';
import type { RegistryPort } from '../modules/registry/index.js';

/** The configured credentials when they are `type`'s (config checked their shape at start: decision 517). */
function credentialsOf<K extends RegistryType>(cfg: RegistryConfig, type: K): Partial<RegistryCredentialsOf[K]> {
  return cfg.credentials?.type === type ? (cfg.credentials.value as RegistryCredentialsOf[K]) : {};
}

/**
 * The adapter `REGISTRY_TYPE` selects, built lazily so a setting that cannot work (no URL for a
 * self-hosted registry, a credential that is not a service account key) answers 503 on use instead
 * of stopping the whole server. Undefined: no registry configured.
 */
export async function registryAdapterFor(cfg: RegistryConfig): Promise<(() => RegistryPort) | undefined> {
  if (!cfg.type) return undefined;
  // The AWS SDK (about 20 MB) is loaded only when ECR is the configured registry.
  const Ecr: typeof EcrAdapter | undefined =
    cfg.type === 'cloudreg_a' ? (await import('../integrations/ecr/ecr.adapter.js')).EcrAdapter : undefined;
  let built: RegistryPort | undefined;
  const need = (what: string) =>
    new Unavailable(`Container registry adapter ${cfg.type} is not configured: ${what} is missing`);
  const build = (): RegistryPort => {
    switch (cfg.type) {
      case 'hub':
        return new DockerHubAdapter(cfg.url, credentialsOf(cfg, 'hub'));
      case 'cloudreg_a': {
        const c = credentialsOf(cfg, 'cloudreg_a');
        const region = c.region;
        if (!region) throw need('the region in REGISTRY_CREDENTIALS');
        // REGISTRY_URL is the account id; an http(s) URL there is taken as the endpoint instead.
        const asUrl = cfg.url && /^https?:\/\//i.test(cfg.url) ? cfg.url : undefined;
        const endpoint = cfg.ecrEndpoint ?? asUrl;
        const registryId = cfg.url && !asUrl ? cfg.url : undefined;
        return new Ecr!(
          { region, accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, endpoint },
          registryId,
        );
      }
      case 'cloudreg_b': {
        if (!cfg.url) throw need('REGISTRY_URL (the location)');
        // REGISTRY_URL is the location; an http(s) URL there is taken as the API base, the location then from the credentials.
        const asUrl = /^https?:\/\//i.test(cfg.url);
        const c = cfg.credentials?.type === 'cloudreg_b' ? cfg.credentials.value : undefined;
        const location = asUrl ? (c?.location ?? c?.region ?? 'us-central1') : cfg.url;
        try {
          return new ArtifactRegistryAdapter(asUrl ? cfg.url : cfg.artifactRegistryApiUrl, location, c);
        } catch {
          throw need('a service account key in REGISTRY_CREDENTIALS');
        }
      }
      case 'selfhosted':
        if (!cfg.url) throw need('REGISTRY_URL');
        return new HarborAdapter(cfg.url, credentialsOf(cfg, 'selfhosted'));
      case 'oci':
        if (!cfg.url) throw need('REGISTRY_URL');
        return new OciRegistryAdapter(cfg.url, credentialsOf(cfg, 'oci'));
      default:
        throw need('a known REGISTRY_TYPE');
    }
  };
  return () => (built ??= build());
}
