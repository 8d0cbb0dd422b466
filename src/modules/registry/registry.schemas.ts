import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

const Severity = Type.Unsafe<string>({
  type: 'string',
  enum: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL', 'UNDEFINED'],
});

export const RepositorySchema = Type.Object({
  name: Type.String(),
  uri: Type.String(),
  description: Type.Optional(Type.String()),
});
export const TagSchema = Type.Object({
  tag: Type.String(),
  digest: Type.String(),
  sizeBytes: Type.Number(),
  pushedAt: Nullable(Timestamp),
});
export const ManifestSchema = Type.Object({
  digest: Type.String(),
  mediaType: Type.String(),
  sizeBytes: Type.Number(),
  pushedAt: Nullable(Timestamp),
  tags: Type.Array(Type.String()),
});
export const ReplicationSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  destNamespace: Type.String(),
  enabled: Type.Boolean(),
  trigger: Type.Object({ type: Type.String(), triggerSettings: Type.Object({ cron: Type.String() }) }),
});
export const ScanSchema = Type.Object({
  status: Type.Unsafe<string>({ type: 'string', enum: ['COMPLETE', 'PENDING', 'FAILED', 'UNSUPPORTED'] }),
  vulnerabilities: Type.Array(
    Type.Object({
      cveId: Type.String(),
      severity: Severity,
      packageName: Type.String(),
      installedVersion: Type.String(),
      fixedVersion: Nullable(Type.String()),
      description: Nullable(Type.String()),
    }),
  ),
});
export const VulnerabilitySchema = Type.Object({
  id: Uuid,
  componentId: Uuid,
  cveId: Type.String(),
  severity: Severity,
  package: Type.String(),
  version: Type.String(),
  fixedVersion: Nullable(Type.String()),
  description: Nullable(Type.String()),
  syncedAt: Timestamp,
});
export const SummarySchema = Type.Object({
  componentId: Uuid,
  total: Type.Integer(),
  critical: Type.Integer(),
  high: Type.Integer(),
  medium: Type.Integer(),
  low: Type.Integer(),
  unknown: Type.Integer({ description: 'INFORMATIONAL and UNDEFINED findings' }),
  syncedAt: Nullable(Timestamp),
});
export const SyncAnswer = Type.Object(
  { queued: Type.Boolean(), count: Type.Optional(Type.Integer()) },
  {
    description:
      '`{queued: true}` when a background job was enqueued; `{queued: false, count}` when the sync ran inline',
  },
);
export const AvailableSchema = Type.Object({ available: Type.Boolean() });

// `:name` is URL-encoded and may hold slashes (`team%2Fapp`).
const RepoName = Type.String({ minLength: 1, maxLength: 512, pattern: '^[^\\s]+$' });
const TagName = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_][A-Za-z0-9._-]*$|^sha256:[a-f0-9]{64}$',
});
export const NameParams = Type.Object({ name: RepoName });
export const NameTagParams = Type.Object({ name: RepoName, tag: TagName });
export const ComponentParams = Type.Object({ componentId: Uuid });
