import { isoDate } from '../dates.js';
import {
  type RegistryManifest,
  type RegistryPort,
  type RegistryRepository,
  type RegistryTag,
  type ReplicationPolicy,
  type ScanResult,
  type ScanStatus,
} from '../../modules/registry/registry.ports.js';
import { normaliseSeverity } from '../registry-scan.js';
import { HarborClient } from './client.js';

interface HarborArtifact {
  digest: string;
  size?: number;
  push_time?: string;
  manifest_media_type?: string;
  media_type?: string;
  tags?: { name: string; push_time?: string }[] | null;
  scan_overview?: Record<string, { scan_status?: string }>;
}
interface HarborVuln {
  id: string;
  package?: string;
  version?: string;
  fix_version?: string;
  severity?: string;
  description?: string;
}

/** Harbor: repositories (`project/repo`), artifacts with their tags, vulnerability additions, replication policies. */
export class HarborAdapter implements RegistryPort {
  readonly type = 'selfhosted';
  private readonly client: HarborClient;
  private readonly host: string;

  constructor(baseUrl: string, credentials: Record<string, unknown> = {}, opts: { fetch?: typeof fetch } = {}) {
    const str = (k: string) => (typeof credentials[k] === 'string' ? (credentials[k] as string) : undefined);
    this.client = new HarborClient(baseUrl, { username: str('username'), password: str('password') }, opts);
    this.host = new URL(baseUrl).host;
  }

  async ping(signal?: AbortSignal) {
    await this.client.http.get('/repositories', { query: { page: 1, page_size: 1 }, signal });
  }

  async listRepositories(signal?: AbortSignal): Promise<RegistryRepository[]> {
    const repos = await this.client.all<{ name: string; description?: string }>('/repositories', {}, signal);
    return repos.map((r) => ({
      name: r.name,
      uri: `${this.host}/${r.name}`,
      ...(r.description ? { description: r.description } : {}),
    }));
  }

  async listTags(name: string, signal?: AbortSignal): Promise<RegistryTag[]> {
    const artifacts = await this.client.all<HarborArtifact>(
      `${this.repoPath(name)}/artifacts`,
      { with_tag: true },
      signal,
    );
    return artifacts.flatMap((a) =>
      (a.tags ?? []).map((t) => ({
        tag: t.name,
        digest: a.digest,
        sizeBytes: a.size ?? 0,
        pushedAt: isoDate(t.push_time ?? a.push_time),
      })),
    );
  }

  async getManifest(name: string, tag: string, signal?: AbortSignal): Promise<RegistryManifest> {
    const a = await this.client.http.get<HarborArtifact>(
      `${this.repoPath(name)}/artifacts/${encodeURIComponent(tag)}`,
      { query: { with_tag: true }, signal },
    );
    return {
      digest: a.digest,
      mediaType: a.manifest_media_type ?? a.media_type ?? 'application/vnd.oci.image.manifest.v1+json',
      sizeBytes: a.size ?? 0,
      pushedAt: isoDate(a.push_time),
      tags: (a.tags ?? []).map((t) => t.name),
    };
  }

  async getScan(name: string, tag: string, signal?: AbortSignal): Promise<ScanResult> {
    const path = `${this.repoPath(name)}/artifacts/${encodeURIComponent(tag)}`;
    const artifact = await this.client.http.get<HarborArtifact>(path, { query: { with_scan_overview: true }, signal });
    const overview = Object.values(artifact.scan_overview ?? {})[0];
    const status = scanStatus(overview?.scan_status);
    if (!overview) return { status: 'PENDING', vulnerabilities: [] };
    const additions = await this.client.http.request<Record<string, { vulnerabilities?: HarborVuln[] | null }>>(
      'GET',
      `${path}/additions/vulnerabilities`,
      {
        accept: [404],
        signal,
      },
    );
    const report = additions.status === 404 ? undefined : Object.values(additions.body ?? {})[0];
    return {
      status,
      vulnerabilities: (report?.vulnerabilities ?? []).map((v) => ({
        cveId: v.id,
        severity: normaliseSeverity(v.severity),
        packageName: v.package ?? '',
        installedVersion: v.version ?? '',
        fixedVersion: v.fix_version || null,
        description: v.description || null,
      })),
    };
  }

  async listReplications(signal?: AbortSignal): Promise<ReplicationPolicy[]> {
    const policies = await this.client.all<{
      id: number;
      name: string;
      dest_namespace?: string;
      enabled?: boolean;
      trigger?: { type?: string; trigger_settings?: { cron?: string } | null } | null;
    }>('/replication/policies', {}, signal);
    return policies.map((p) => ({
      id: p.id,
      name: p.name,
      destNamespace: p.dest_namespace ?? '',
      enabled: p.enabled ?? false,
      trigger: {
        type: p.trigger?.type ?? 'manual',
        triggerSettings: { cron: p.trigger?.trigger_settings?.cron ?? '' },
      },
    }));
  }

  /**
   * `project/a/b` -> `/projects/project/repositories/a%252Fb` (Harbor wants the slash encoded twice).
   * A bare name (`app`) is in Harbor's default project `library`, as `docker pull` reads it.
   */
  private repoPath(name: string) {
    const parts = name.split('/');
    const project = parts.length > 1 ? parts.shift()! : 'library';
    return `/projects/${encodeURIComponent(project)}/repositories/${encodeURIComponent(encodeURIComponent(parts.join('/')))}`;
  }
}

function scanStatus(s: string | undefined): ScanStatus {
  if (s === 'Success') return 'COMPLETE';
  if (s === 'Error' || s === 'Stopped') return 'FAILED';
  if (s === 'Unsupported' || s === 'Not Supported') return 'UNSUPPORTED';
  return 'PENDING';
}
