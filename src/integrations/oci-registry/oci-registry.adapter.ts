import { isoDate } from '../dates.js';
import { createHash } from 'node:crypto';
import { mapLimit } from '../../kernel/concurrency.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import {
  type RegistryManifest,
  type RegistryPort,
  type RegistryRepository,
  type RegistryTag,
} from '../../modules/registry/registry.ports.js';
import { UNSUPPORTED_SCAN } from '../registry-scan.js';
import { isRepositoryName } from '../../kernel/oci-names.js';
import { OciRegistryClient } from './client.js';

export const MANIFEST_TYPES = [
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
];

interface Descriptor {
  mediaType?: string;
  digest: string;
  size: number;
  platform?: { os?: string; architecture?: string };
}
interface ImageManifest {
  mediaType?: string;
  config?: Descriptor;
  layers?: Descriptor[];
  manifests?: Descriptor[];
}

const MAX_PAGES = 1000;
const MAX_PEER_TAGS = 500;

/** Any OCI Distribution v2 registry (CNCF distribution, Zot, GHCR, …): catalog, tags, manifests; no scans. */
export class OciRegistryAdapter implements RegistryPort {
  readonly type = 'oci';
  private readonly client: OciRegistryClient;
  private readonly host: string;

  constructor(
    baseUrl: string,
    credentials: { username?: string; password?: string } = {},
    opts: { fetch?: typeof fetch } = {},
  ) {
    this.client = new OciRegistryClient(baseUrl, credentials, { ...opts, system: 'OCI registry' });
    this.host = new URL(baseUrl).host;
  }

  async ping(signal?: AbortSignal) {
    await this.client.request('/v2/', { as: 'none', signal });
  }

  async listRepositories(signal?: AbortSignal): Promise<RegistryRepository[]> {
    const names: string[] = [];
    let path: string | undefined = '/v2/_catalog?n=1000';
    for (let page = 0; path && page < MAX_PAGES; page++) {
      const res: { body: { repositories?: string[] }; headers: Headers } = await this.client.request<{
        repositories?: string[];
      }>(path, { signal }, 'registry:catalog:*');
      names.push(...(res.body?.repositories ?? []));
      path = this.client.nextPage(res.headers.get('link'));
    }
    return names.map((name) => ({ name, uri: `${this.host}/${name}` }));
  }

  async listTags(name: string, signal?: AbortSignal): Promise<RegistryTag[]> {
    const tags: string[] = [];
    let path: string | undefined = `/v2/${repoPath(name)}/tags/list?n=1000`;
    for (let page = 0; path && page < MAX_PAGES; page++) {
      const res: { body: { tags?: string[] | null }; headers: Headers } = await this.client.request<{
        tags?: string[] | null;
      }>(path, { signal }, pullScope(name));
      tags.push(...(res.body?.tags ?? []));
      path = this.client.nextPage(res.headers.get('link'));
    }
    const manifests = await mapLimit(tags, 4, (tag) => this.read(name, tag, signal));
    return manifests.map((m, i) => ({ tag: tags[i]!, digest: m.digest, sizeBytes: m.sizeBytes, pushedAt: m.pushedAt }));
  }

  async getManifest(name: string, tag: string, signal?: AbortSignal): Promise<RegistryManifest> {
    const m = await this.read(name, tag, signal);
    // Other tags of the same digest: a HEAD per tag (the registry has no reverse lookup), capped for huge repositories.
    const all =
      (
        await this.client.request<{ tags?: string[] | null }>(
          `/v2/${repoPath(name)}/tags/list?n=1000`,
          { signal },
          pullScope(name),
        )
      ).body?.tags ?? [];
    const others = await mapLimit(all.filter((t) => t !== tag).slice(0, MAX_PEER_TAGS), 4, async (t) =>
      (await this.digestOf(name, t, signal)) === m.digest ? t : null,
    );
    return { ...m, tags: [tag, ...others.filter((t): t is string => t !== null)].sort() };
  }

  /** No scanner here; an unknown repository or tag is still a 404, as for the other reads. */
  async getScan(name: string, tag: string, signal?: AbortSignal) {
    if ((await this.digestOf(name, tag, signal)) === null)
      throw new NotFound(`Tag ${tag} of repository ${name} not found`);
    return UNSUPPORTED_SCAN;
  }

  private async digestOf(name: string, tag: string, signal?: AbortSignal): Promise<string | null> {
    const res = await this.client.request(
      `/v2/${repoPath(name)}/manifests/${encodeURIComponent(tag)}`,
      { headers: { accept: MANIFEST_TYPES.join(', ') }, as: 'none', accept: [404], signal },
      pullScope(name),
      'HEAD',
    );
    return res.status === 404 ? null : res.headers.get('docker-content-digest');
  }

  private async read(name: string, tag: string, signal?: AbortSignal): Promise<Omit<RegistryManifest, 'tags'>> {
    const path = `/v2/${repoPath(name)}/manifests/${encodeURIComponent(tag)}`;
    const res = await this.client.request<string>(
      path,
      { headers: { accept: MANIFEST_TYPES.join(', ') }, as: 'text', accept: [404], signal },
      pullScope(name),
    );
    if (res.status === 404) throw new NotFound(`Tag ${tag} of repository ${name} not found`);
    const top = JSON.parse(res.body) as ImageManifest;
    const mediaType = top.mediaType ?? res.headers.get('content-type')?.split(';')[0] ?? MANIFEST_TYPES[0]!;
    // The header is optional in the distribution spec; the digest is then that of the manifest's bytes.
    const digest =
      res.headers.get('docker-content-digest') ??
      `sha256:${createHash('sha256').update(res.body, 'utf8').digest('hex')}`;
    let image = top;
    if (top.manifests?.length) {
      // An index: size and date come from the image of the usual platform (linux/amd64), else the first.
      const pick =
        top.manifests.find((d) => d.platform?.os === 'linux' && d.platform.architecture === 'amd64') ??
        top.manifests[0]!;
      const child = await this.client.request<ImageManifest>(
        `/v2/${repoPath(name)}/manifests/${pick.digest}`,
        { headers: { accept: MANIFEST_TYPES.join(', ') }, signal },
        pullScope(name),
      );
      image = child.body;
    }
    const sizeBytes = (image.config?.size ?? 0) + (image.layers ?? []).reduce((sum, l) => sum + (l.size ?? 0), 0);
    return { digest, mediaType, sizeBytes, pushedAt: await this.created(name, image.config, signal) };
  }

  private async created(name: string, config: Descriptor | undefined, signal?: AbortSignal): Promise<string | null> {
    if (!config?.digest) return null;
    const blob = await this.client.blob<{ created?: string }>(
      `/v2/${repoPath(name)}/blobs/${config.digest}`,
      pullScope(name),
      signal,
    );
    const created = blob?.created;
    return typeof created === 'string' ? isoDate(created) : null;
  }
}

/** Repository names keep their slashes in the path; each segment is encoded on its own. */
/** The path of a repository, built by segments; a name outside the distribution grammar never reaches a URL (decision 205). */
const repoPath = (name: string) => {
  if (!isRepositoryName(name))
    throw new Invalid('Repository names are lower-case path components separated by "/" (OCI distribution grammar)');
  return name.split('/').map(encodeURIComponent).join('/');
};
const pullScope = (name: string) => `repository:${name}:pull`;
