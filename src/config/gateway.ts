import { Type } from 'typebox';
import { defineSection } from './sections.js';

export interface GatewayConfig {
  readonly alpha: { enabled: boolean; url: string; apiKey: string | undefined; proxyUrl: string };
  readonly beta: {
    enabled: boolean;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    /** `AWS_ENDPOINT_URL_API_GATEWAY`, as the AWS SDK names it. */
    endpoint: string | undefined;
  };
  /** Probes slower than this are `degraded`. */
  readonly healthDegradedMs: number;
  /** True when at least one adapter is enabled: otherwise no jobs run. */
  readonly active: boolean;
}

declare module './sections.js' {
  interface ConfigSections {
    gateway: GatewayConfig;
  }
}

const Bool = Type.Union(
  ['true', 'false', '1', '0'].map((v) => Type.Literal(v)),
  { default: 'false' },
);
const truthy = (v: unknown) => v === 'true' || v === '1';

export const gatewaySettings = defineSection(
  'gateway',
  {
    GATEWAY_ALPHA_ENABLED: Bool,
    GATEWAY_ALPHA_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:8001' }),
    GATEWAY_ALPHA_API_KEY: Type.Optional(Type.String()),
    GATEWAY_ALPHA_PROXY_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:8000' }),
    GATEWAY_BETA_ENABLED: Bool,
    GATEWAY_BETA_REGION: Type.String({ pattern: '^[a-z0-9-]+$', default: 'us-east-1' }),
    GATEWAY_BETA_ACCESS_KEY_ID: Type.Optional(Type.String()),
    GATEWAY_BETA_SECRET_ACCESS_KEY: Type.Optional(Type.String()),
    AWS_ENDPOINT_URL_API_GATEWAY: Type.Optional(Type.String({ pattern: '^https?://' })),
    GATEWAY_HEALTH_DEGRADED_MS: Type.Integer({ minimum: 1, maximum: 60_000, default: 1000 }),
  },
  (env) => {
    const alphaEnabled = truthy(env.GATEWAY_ALPHA_ENABLED);
    const betaEnabled = truthy(env.GATEWAY_BETA_ENABLED);
    return {
      alpha: {
        enabled: alphaEnabled,
        url: String(env.GATEWAY_ALPHA_URL).replace(/\/+$/, ''),
        apiKey: env.GATEWAY_ALPHA_API_KEY,
        proxyUrl: String(env.GATEWAY_ALPHA_PROXY_URL).replace(/\/+$/, ''),
      },
      beta: {
        enabled: betaEnabled,
        region: String(env.GATEWAY_BETA_REGION),
        accessKeyId: env.GATEWAY_BETA_ACCESS_KEY_ID,
        secretAccessKey: env.GATEWAY_BETA_SECRET_ACCESS_KEY,
        endpoint: env.AWS_ENDPOINT_URL_API_GATEWAY,
      },
      healthDegradedMs: Number(env.GATEWAY_HEALTH_DEGRADED_MS),
      active: alphaEnabled || betaEnabled,
    };
  },
);
