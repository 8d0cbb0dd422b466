import { Type, type Static } from 'typebox';
import { assertHost, assertUriCharacters, type OutboundRules } from '../../integrations/outbound/policy.js';
import { Invalid } from '../../kernel/errors.js';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

export const CREDENTIAL_TYPES = ['gitopscd', 'cloudci', 'serverci', 'hostedci', 'github', 'gitlab'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** The decrypted value of each type, as the platforms' adapters receive it. */
export interface CredentialValues {
  gitopscd: { url: string; token: string };
  cloudci: { token: string };
  serverci: { url: string; username: string; apiToken: string };
  hostedci: { token: string; url?: string };
  /** A token, or a GitHub App installation (decision 1011): discovery's GitHub credential. */
  github: { token?: string; appId?: string; privateKey?: string; installationId?: string };
  gitlab: { token: string };
}

/** Fields of `value` per type (decision 618, IntegrationCredential); URL fields must be http(s). */
const FIELDS: Record<CredentialType, { required: string[]; optional: string[] }> = {
  gitopscd: { required: ['url', 'token'], optional: [] },
  cloudci: { required: ['token'], optional: [] },
  serverci: { required: ['url', 'username', 'apiToken'], optional: [] },
  hostedci: { required: ['token'], optional: ['url'] },
  github: { required: [], optional: ['token', 'appId', 'privateKey', 'installationId'] },
  gitlab: { required: ['token'], optional: [] },
};

/** A GitHub credential is a token or a whole App installation (decision 1011). */
function assertGithubShape(out: Record<string, string>) {
  const app = ['appId', 'privateKey', 'installationId'].filter((f) => out[f] !== undefined);
  if (out.token ? app.length === 0 : app.length === 3) return;
  throw new Invalid('a github credential is value.token, or value.appId, value.privateKey and value.installationId', [
    { field: 'value', problem: 'token, or appId + privateKey + installationId' },
  ]);
}
const MAX_FIELD = 8192;

/**
 * Checks `value` against its type and keeps only the known fields (nothing unexpected is sealed).
 * Messages name the field, never its content.
 */
export function validateCredentialValue<T extends CredentialType>(
  type: T,
  value: Record<string, unknown>,
  outbound?: OutboundRules,
): CredentialValues[T] {
  const { required, optional } = FIELDS[type];
  const out: Record<string, string> = {};
  for (const field of [...required, ...optional]) {
    const v = value[field];
    const isRequired = required.includes(field);
    if (v === undefined || v === null || v === '') {
      if (isRequired)
        throw new Invalid(`value.${field} is required for a ${type} credential`, [
          { field: `value.${field}`, problem: 'is required' },
        ]);
      continue;
    }
    if (typeof v !== 'string' || v.trim() === '') {
      throw new Invalid(`value.${field} must be a non-empty string`, [
        { field: `value.${field}`, problem: 'must be a non-empty string' },
      ]);
    }
    if (v.length > MAX_FIELD)
      throw new Invalid(`value.${field} is too long`, [
        { field: `value.${field}`, problem: `must be at most ${MAX_FIELD} characters` },
      ]);
    if (field === 'url') {
      let url: URL | undefined;
      try {
        url = new URL(v.trim());
      } catch {
        url = undefined;
      }
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
        throw new Invalid('value.url must be an http(s) URL without user information', [
          { field: 'value.url', problem: 'must be an http(s) URL' },
        ]);
      }
      // Decision 200: the server will call this URL with the token, so the outbound policy applies (admin or not).
      if (outbound) {
        assertUriCharacters(v.trim(), 'value.url');
        assertHost(outbound, url.hostname, url.port ? Number(url.port) : undefined, 'value.url');
      }
      out[field] = v.trim().replace(/\/+$/, '');
    } else out[field] = v;
  }
  if (type === 'github') assertGithubShape(out);
  return out as unknown as CredentialValues[T];
}

export const CredentialTypeSchema = Type.Union(
  [
    Type.Literal('gitopscd'),
    Type.Literal('cloudci'),
    Type.Literal('serverci'),
    Type.Literal('hostedci'),
    Type.Literal('github'),
    Type.Literal('gitlab'),
  ],
  {
    description:
      'gitopscd (Argo CD), cloudci (CircleCI), serverci (Jenkins), hostedci (Travis CI), github and gitlab (catalog discovery)',
  },
);

export const CredentialSchema = Type.Object(
  {
    id: Uuid,
    type: Type.String(),
    name: Type.String(),
    orgId: Nullable(Uuid),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'An integration credential; its value is stored encrypted and never returned' },
);
export type Credential = Static<typeof CredentialSchema>;

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Value = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'gitopscd {url, token}; cloudci {token}; serverci {url, username, apiToken}; hostedci {token, url?}; github {token} or {appId, privateKey, installationId}; gitlab {token}. Write-only.',
  writeOnly: true,
});

export const CreateCredentialBody = Type.Object(
  { type: CredentialTypeSchema, name: Name, value: Value },
  { additionalProperties: false },
);
export type CreateCredentialBody = Static<typeof CreateCredentialBody>;

export const UpdateCredentialBody = Type.Object(
  { name: Type.Optional(Name), value: Type.Optional(Value) },
  { additionalProperties: false },
);
export type UpdateCredentialBody = Static<typeof UpdateCredentialBody>;
