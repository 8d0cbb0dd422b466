import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ConfigError, defineSection } from './sections.js';

export type RegistryType = 'hub' | 'cloudreg_a' | 'cloudreg_b' | 'selfhosted' | 'oci';

const text = () => Type.Optional(Type.String());
const userPassword = { username: text(), password: text() };
/**
 * The shape of `REGISTRY_CREDENTIALS` per registry type (decision 517). A value of another shape (a
 * field that is not text, a field the type does not know, a required one missing) stops the start
 * naming the setting and the fields, never their values.
 */
const CREDENTIALS = {
  /** Docker Hub: a password or personal access token (`token` is its older name); `namespace` defaults to `username`. */
  hub: Type.Object({ ...userPassword, token: text(), namespace: text() }, { additionalProperties: false }),
  /** Amazon ECR: without keys the AWS default chain applies. */
  cloudreg_a: Type.Object(
    { region: Type.String({ minLength: 1 }), accessKeyId: text(), secretAccessKey: text() },
    { additionalProperties: false },
  ),
  /** Google Artifact Registry: a service account key as Google issues it (its other fields are kept), plus an optional location. */
  cloudreg_b: Type.Object(
    {
      client_email: Type.String({ minLength: 1 }),
      private_key: Type.String({ minLength: 1 }),
      project_id: Type.String({ minLength: 1 }),
      token_uri: text(),
      location: text(),
      region: text(),
    },
    // Google's key file has more fields (type, private_key_id, client_id, …): they are allowed.
    { additionalProperties: true },
  ),
  /** Harbor: basic auth. */
  selfhosted: Type.Object(userPassword, { additionalProperties: false }),
  /** Any OCI distribution registry: optional basic or token auth. */
  oci: Type.Object(userPassword, { additionalProperties: false }),
} satisfies Record<RegistryType, TSchema>;

/** `REGISTRY_CREDENTIALS` of each registry type, as read at start. */
export type RegistryCredentialsOf = { [K in RegistryType]: Static<(typeof CREDENTIALS)[K]> };
/** The credentials of the configured type, tagged with it. */
export type RegistryCredentials = { [K in RegistryType]: { type: K; value: RegistryCredentialsOf[K] } }[RegistryType];

/** The fields of `value` that do not fit `type`'s shape, by name only (the value is a secret). */
function credentialProblems(type: RegistryType, value: Record<string, unknown>): string[] {
  const schema = CREDENTIALS[type];
  const known = schema.properties as Record<string, unknown>;
  const required = new Set<string>(schema.required ?? []);
  const problems: string[] = [];
  for (const field of required)
    if (typeof value[field] !== 'string' || value[field] === '') problems.push(`${field} is required`);
  for (const [field, v] of Object.entries(value)) {
    if (!(field in known)) {
      if (type !== 'cloudreg_b') problems.push(`${field} is not a field of it`);
    } else if (typeof v !== 'string') problems.push(`${field} must be text`);
  }
  return [...new Set(problems)];
}

const SHAPES: Record<RegistryType, string> = {
  hub: '{username, password} (or token), optional namespace',
  cloudreg_a: '{region, accessKeyId, secretAccessKey} (region required)',
  cloudreg_b: 'a service account key (client_email, private_key, project_id), optional location',
  selfhosted: '{username, password}',
  oci: '{username, password}',
};

export interface RegistryConfig {
  /** Unset: no adapter (the registry endpoints answer 503, `available: false`). */
  readonly type: RegistryType | undefined;
  /** Base URL (hub, selfhosted, oci), account id (cloudreg_a) or region/location (cloudreg_b). */
  readonly url: string | undefined;
  /** `REGISTRY_CREDENTIALS`, checked against `type`'s shape at start; never returned or logged. Undefined without a type. */
  readonly credentials: RegistryCredentials | undefined;
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
    REGISTRY_TYPE: Type.Optional(
      Type.Union(['hub', 'cloudreg_a', 'cloudreg_b', 'selfhosted', 'oci'].map((t) => Type.Literal(t))),
    ),
    REGISTRY_URL: Type.Optional(Type.String()),
    REGISTRY_CREDENTIALS: Type.Optional(Type.String()),
    ARTIFACT_REGISTRY_API_URL: Type.String({
      pattern: '^https?://',
      default: 'https://artifactregistry.googleapis.com',
    }),
    AWS_ENDPOINT_URL_ECR: Type.Optional(Type.String({ pattern: '^https?://' })),
  },
  (env) => {
    const type = env.REGISTRY_TYPE as RegistryType | undefined;
    let parsed: Record<string, unknown> | undefined;
    if (env.REGISTRY_CREDENTIALS) {
      try {
        const value: unknown = JSON.parse(String(env.REGISTRY_CREDENTIALS));
        if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
        parsed = value as Record<string, unknown>;
      } catch {
        // The value is a secret: never quote it.
        throw new ConfigError('Invalid setting REGISTRY_CREDENTIALS: must be a JSON object');
      }
    }
    let credentials: RegistryCredentials | undefined;
    if (type && parsed) {
      const problems = credentialProblems(type, parsed);
      if (problems.length || !Value.Check(CREDENTIALS[type], parsed)) {
        throw new ConfigError(
          `Invalid setting REGISTRY_CREDENTIALS: for REGISTRY_TYPE=${type} it must be ${SHAPES[type]}` +
            (problems.length ? ` (${problems.join('; ')})` : ''),
        );
      }
      credentials = { type, value: parsed } as RegistryCredentials;
    }
    return {
      type,
      url: env.REGISTRY_URL ? String(env.REGISTRY_URL).replace(/\/+$/, '') : undefined,
      credentials,
      artifactRegistryApiUrl: String(env.ARTIFACT_REGISTRY_API_URL).replace(/\/+$/, ''),
      ecrEndpoint: env.AWS_ENDPOINT_URL_ECR,
    };
  },
);
