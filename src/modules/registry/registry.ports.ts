/** The interface's registry shapes (decision 600) and the port every registry adapter implements. */
export interface RegistryRepository {
  name: string;
  uri: string;
  description?: string;
}

export interface RegistryTag {
  tag: string;
  digest: string;
  sizeBytes: number;
  pushedAt: string | null;
}

export interface RegistryManifest {
  digest: string;
  mediaType: string;
  sizeBytes: number;
  pushedAt: string | null;
  tags: string[];
}

export interface ReplicationPolicy {
  id: number;
  name: string;
  destNamespace: string;
  enabled: boolean;
  trigger: { type: string; triggerSettings: { cron: string } };
}

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL', 'UNDEFINED'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type ScanStatus = 'COMPLETE' | 'PENDING' | 'FAILED' | 'UNSUPPORTED';

export interface Vulnerability {
  cveId: string;
  severity: Severity;
  packageName: string;
  installedVersion: string;
  fixedVersion: string | null;
  description: string | null;
}

export interface ScanResult {
  status: ScanStatus;
  vulnerabilities: Vulnerability[];
}

export const UNSUPPORTED_SCAN: ScanResult = Object.freeze({ status: 'UNSUPPORTED', vulnerabilities: [] }) as ScanResult;

/**
 * One container registry. Names are repository paths as the registry shows them (`team/app`).
 * Errors: `NotFound` for a missing repository or tag, `Unavailable` when unreachable,
 * `UpstreamRefused` when the credential is refused. Every call takes an optional AbortSignal (the
 * sync job passes its own, decision 511).
 */
export interface RegistryPort {
  readonly type: string;
  /** A cheap call proving the registry answers with the configured credential. */
  ping(signal?: AbortSignal): Promise<void>;
  listRepositories(signal?: AbortSignal): Promise<RegistryRepository[]>;
  listTags(name: string, signal?: AbortSignal): Promise<RegistryTag[]>;
  getManifest(name: string, tag: string, signal?: AbortSignal): Promise<RegistryManifest>;
  getScan(name: string, tag: string, signal?: AbortSignal): Promise<ScanResult>;
  /** Only the self-hosted (Harbor) adapter has replication policies. */
  listReplications?(signal?: AbortSignal): Promise<ReplicationPolicy[]>;
}

/** Maps the severity words of scanners (Harbor, Trivy, ECR) to the document's values. */
export function normaliseSeverity(raw: unknown): Severity {
  const s = String(raw ?? '').toUpperCase();
  if ((SEVERITIES as readonly string[]).includes(s)) return s as Severity;
  if (s === 'NEGLIGIBLE' || s === 'NONE' || s === 'INFO') return 'INFORMATIONAL';
  return 'UNDEFINED';
}

/**
 * The repository-name grammar of the OCI distribution specification: lower-case path components of
 * `[a-z0-9]+` joined by `.`, `_`, `__` or dashes, separated by `/` (decision 205). Names such as
 * `..`, `a/../../x` or `-x` cannot be built into a registry path by any adapter.
 */
const OCI_NAME = /^[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*)*$/;
export const isRepositoryName = (name: string) => name.length <= 255 && OCI_NAME.test(name);
