import { isoDate } from '../dates.js';
import { NotFound } from '../../kernel/errors.js';
import {
  type RegistryManifest,
  type RegistryPort,
  type RegistryRepository,
  type RegistryTag,
} from '../../modules/registry/registry.ports.js';
import { UNSUPPORTED_SCAN } from '../registry-scan.js';
import { DockerHubClient } from './client.js';

interface HubRepo {
  name: string;
  namespace: string;
  description?: string | null;
}
interface HubTag {
  name: string;
  digest?: string;
  full_size?: number;
  media_type?: string;
  tag_last_pushed?: string | null;
  last_updated?: string | null;
  images?: { digest?: string; size?: number }[];
}

export const DOCKER_HUB_URL = 'https://hub.docker.com';

/** Docker Hub: repositories of one namespace (the credentials' `namespace` or `username`); no scans. */
export class DockerHubAdapter implements RegistryPort {
  readonly type = 'hub';
  private readonly client: DockerHubClient;
  private readonly namespace: string;

  constructor(
    baseUrl: string | undefined,
    credentials: Record<string, unknown> = {},
    opts: { fetch?: typeof fetch } = {},
  ) {
    const str = (k: string) => (typeof credentials[k] === 'string' ? (credentials[k] as string) : undefined);
    this.client = new DockerHubClient(
      baseUrl ?? DOCKER_HUB_URL,
      { username: str('username'), password: str('password') ?? str('token') },
      opts,
    );
    // Without an account the public official images (`library`) are listed.
    this.namespace = str('namespace') ?? str('username') ?? 'library';
  }

  async ping(signal?: AbortSignal) {
    await this.withLegacy(
      () =>
        this.client.http.get(`/v2/namespaces/${encodeURIComponent(this.namespace)}/repositories`, {
          query: { page_size: 1 },
          signal,
        }),
      () =>
        this.client.http.get(`/v2/repositories/${encodeURIComponent(this.namespace)}/`, {
          query: { page_size: 1 },
          signal,
        }),
    );
  }

  async listRepositories(signal?: AbortSignal): Promise<RegistryRepository[]> {
    const ns = encodeURIComponent(this.namespace);
    const repos = await this.withLegacy(
      () => this.client.all<HubRepo>(`/v2/namespaces/${ns}/repositories`, signal),
      () => this.client.all<HubRepo>(`/v2/repositories/${ns}/`, signal),
    );
    return repos.map((r) => ({
      name: `${r.namespace ?? this.namespace}/${r.name}`,
      uri: `docker.io/${r.namespace ?? this.namespace}/${r.name}`,
      ...(r.description ? { description: r.description } : {}),
    }));
  }

  async listTags(name: string, signal?: AbortSignal): Promise<RegistryTag[]> {
    const tags = await this.withLegacy(
      () => this.client.all<HubTag>(`${this.repoPath(name)}/tags`, signal),
      () => this.client.all<HubTag>(`${this.repoPath(name, true)}/tags`, signal),
    );
    return tags.map((t) => ({ tag: t.name, digest: digestOf(t), sizeBytes: sizeOf(t), pushedAt: pushedOf(t) }));
  }

  async getManifest(name: string, tag: string, signal?: AbortSignal): Promise<RegistryManifest> {
    const t = await this.withLegacy(
      () => this.client.http.get<HubTag>(`${this.repoPath(name)}/tags/${encodeURIComponent(tag)}`, { signal }),
      () => this.client.http.get<HubTag>(`${this.repoPath(name, true)}/tags/${encodeURIComponent(tag)}`, { signal }),
    );
    const digest = digestOf(t);
    // Other tags of the same digest: Docker Hub has no reverse lookup, so the tag list is scanned.
    const same = digest ? (await this.listTags(name, signal)).filter((x) => x.digest === digest).map((x) => x.tag) : [];
    return {
      digest,
      mediaType: t.media_type ?? 'application/vnd.docker.distribution.manifest.v2+json',
      sizeBytes: sizeOf(t),
      pushedAt: pushedOf(t),
      tags: [...new Set([tag, ...same])].sort(),
    };
  }

  /** Docker Hub has no scan API; an unknown repository or tag is still a 404, as for the other reads. */
  async getScan(name: string, tag: string, signal?: AbortSignal) {
    await this.withLegacy(
      () => this.client.http.get<HubTag>(`${this.repoPath(name)}/tags/${encodeURIComponent(tag)}`, { signal }),
      () => this.client.http.get<HubTag>(`${this.repoPath(name, true)}/tags/${encodeURIComponent(tag)}`, { signal }),
    );
    return UNSUPPORTED_SCAN;
  }

  /** `app`, `ns/app` -> `/v2/namespaces/<ns>/repositories/<app>` (legacy: `/v2/repositories/<ns>/<app>`). */
  private repoPath(name: string, legacy = false) {
    const parts = name.split('/');
    const repo = encodeURIComponent(parts.pop()!);
    const ns = encodeURIComponent(parts.length ? parts.join('/') : this.namespace);
    return legacy ? `/v2/repositories/${ns}/${repo}` : `/v2/namespaces/${ns}/repositories/${repo}`;
  }

  /** Hub's current paths first; the older `/v2/repositories/…` ones when a deployment only has those. */
  private async withLegacy<T>(current: () => Promise<T>, legacy: () => Promise<T>): Promise<T> {
    try {
      return await current();
    } catch (err) {
      if (err instanceof NotFound) return legacy();
      throw err;
    }
  }
}

const digestOf = (t: HubTag) => t.digest ?? t.images?.[0]?.digest ?? '';
const sizeOf = (t: HubTag) => t.full_size ?? t.images?.reduce((s, i) => s + (i.size ?? 0), 0) ?? 0;
const pushedOf = (t: HubTag) => isoDate(t.tag_last_pushed ?? t.last_updated);
