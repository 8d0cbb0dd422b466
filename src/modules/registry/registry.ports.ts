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
