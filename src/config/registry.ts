import { Type } from 'typebox';
import { ConfigError, defineSection } from './sections.js';

export type RegistryType = 'hub' | 'cloudreg_a' | 'cloudreg_b' | 'selfhosted' | 'oci';

export interface RegistryConfig {
  /** Unset: no adapter (the registry endpoints answer 503, `available: false`). */
  readonly type: RegistryType | undefined;
  /** Base URL (hub, selfhosted, oci), account id (cloudreg_a) or region/location (cloudreg_b). */
  readonly url: string | undefined;
  /** Parsed `REGISTRY_CREDENTIALS` JSON; never returned or logged. */
  readonly credentials: Record<string, unknown> | undefined;
  /** Google Artifact Registry API base (`ARTIFACT_REGISTRY_API_URL`). */
  readonly artifactRegistryApiUrl: string;
  /** ECR endpoint override (`AWS_ENDPOINT_URL_ECR`), as the AWS SDK names it. */
  readonly ecrEndpoint: string | undefined;
}

declare module './sections.js' {
  interface ConfigSections {
    registry: RegistryConfig;
  }
}

export const registrySettings = defineSection(
  'registry',
  {
    REGISTRY_TYPE: Type.Optional(Type.Union(['hub', 'cloudreg_a', 'cloudreg_b', 'selfhosted', 'oci'].map((t) => Type.Literal(t)))),
    REGISTRY_URL: Type.Optional(Type.String()),
    REGISTRY_CREDENTIALS: Type.Optional(Type.String()),
    ARTIFACT_REGISTRY_API_URL: Type.String({ pattern: '^https?://', default: 'https://artifactregistry.googleapis.com' }),
    AWS_ENDPOINT_URL_ECR: Type.Optional(Type.String({ pattern: '^https?://' })),
  },
  (env) => {
    let credentials: Record<string, unknown> | undefined;
    if (env.REGISTRY_CREDENTIALS) {
      try {
        const parsed: unknown = JSON.parse(String(env.REGISTRY_CREDENTIALS));
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        credentials = parsed as Record<string, unknown>;
      } catch {
        // The value is a secret: never quote it.
        throw new ConfigError('Invalid setting REGISTRY_CREDENTIALS: must be a JSON object');
      }
    }
    return {
      type: env.REGISTRY_TYPE as RegistryType | undefined,
      url: env.REGISTRY_URL ? String(env.REGISTRY_URL).replace(/\/+$/, '') : undefined,
      credentials,
      artifactRegistryApiUrl: String(env.ARTIFACT_REGISTRY_API_URL).replace(/\/+$/, ''),
      ecrEndpoint: env.AWS_ENDPOINT_URL_ECR,
    };
  },
);
