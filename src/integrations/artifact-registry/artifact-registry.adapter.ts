import { isoDate } from '../dates.js';
import { NotFound } from '../../kernel/errors.js';
import {
  type RegistryManifest,
  type RegistryPort,
  type RegistryRepository,
  type RegistryTag,
} from '../../modules/registry/registry.ports.js';
import { UNSUPPORTED_SCAN } from '../registry-scan.js';
import { ArtifactRegistryClient, GoogleTokenSource, serviceAccountOf } from './client.js';

interface GarRepository {
  name: string;
  format?: string;
  description?: string;
}
interface DockerImage {
  name: string;
  uri: string;
  tags?: string[];
  imageSizeBytes?: string;
  uploadTime?: string;
  mediaType?: string;
}

/**
 * Google Artifact Registry: the Docker images of the DOCKER-format repositories of one project and
 * location (`REGISTRY_URL`). A repository here is `<gar repository>/<image path>` (e.g. `apps/team/api`),
 * as `docker pull <location>-docker.pkg.dev/<project>/<name>` names it. Scans: UNSUPPORTED (they live
 * in Container Analysis, not in this API).
 */
export class ArtifactRegistryAdapter implements RegistryPort {
  readonly type = 'cloudreg_b';
  private readonly client: ArtifactRegistryClient;
  private readonly parent: string;

  constructor(
    apiUrl: string,
    location: string,
    credentials: Record<string, unknown> | undefined,
    opts: { fetch?: typeof fetch } = {},
  ) {
    const key = serviceAccountOf(credentials);
    this.client = new ArtifactRegistryClient(apiUrl, new GoogleTokenSource(key, opts), opts);
    this.parent = `projects/${encodeURIComponent(key.project_id)}/locations/${encodeURIComponent(location)}`;
  }

  async ping(signal?: AbortSignal) {
    await this.client.http.get(`/v1/${this.parent}/repositories`, { query: { pageSize: 1 }, signal });
  }

  async listRepositories(signal?: AbortSignal): Promise<RegistryRepository[]> {
    const repos = (
      await this.client.all<GarRepository>(`/v1/${this.parent}/repositories`, 'repositories', signal)
    ).filter((r) => !r.format || r.format === 'DOCKER');
    const out = new Map<string, RegistryRepository>();
    for (const repo of repos) {
      const repoId = repo.name.split('/').pop()!;
      for (const img of await this.images(repoId, signal)) {
        const name = `${repoId}/${imagePath(img)}`;
        if (!out.has(name))
          out.set(name, {
            name,
            uri: img.uri.split('@')[0]!,
            ...(repo.description ? { description: repo.description } : {}),
          });
      }
    }
    return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async listTags(name: string, signal?: AbortSignal): Promise<RegistryTag[]> {
    const images = await this.imagesOf(name, signal);
    return images.flatMap((img) =>
      (img.tags ?? []).map((tag) => ({
        tag,
        digest: digestOf(img),
        sizeBytes: Number(img.imageSizeBytes ?? 0),
        pushedAt: isoDate(img.uploadTime),
      })),
    );
  }

  async getManifest(name: string, tag: string, signal?: AbortSignal): Promise<RegistryManifest> {
    const img = (await this.imagesOf(name, signal)).find((i) => i.tags?.includes(tag));
    if (!img) throw new NotFound(`Tag ${tag} of repository ${name} not found`);
    return {
      digest: digestOf(img),
      mediaType: img.mediaType ?? 'application/vnd.docker.distribution.manifest.v2+json',
      sizeBytes: Number(img.imageSizeBytes ?? 0),
      pushedAt: isoDate(img.uploadTime),
      tags: img.tags ?? [],
    };
  }

  /** Scans live in Container Analysis, not here; an unknown repository or tag is still a 404. */
  async getScan(name: string, tag: string, signal?: AbortSignal) {
    if (!(await this.imagesOf(name, signal)).some((i) => i.tags?.includes(tag)))
      throw new NotFound(`Tag ${tag} of repository ${name} not found`);
    return UNSUPPORTED_SCAN;
  }

  private images(repoId: string, signal?: AbortSignal) {
    return this.client.all<DockerImage>(
      `/v1/${this.parent}/repositories/${encodeURIComponent(repoId)}/dockerImages`,
      'dockerImages',
      signal,
    );
  }

  private async imagesOf(name: string, signal?: AbortSignal): Promise<DockerImage[]> {
    const [repoId, ...rest] = name.split('/');
    if (!repoId || rest.length === 0) throw new NotFound(`Repository ${name} not found`);
    const wanted = rest.join('/');
    const images = (await this.images(repoId, signal)).filter((i) => imagePath(i) === wanted);
    if (images.length === 0) throw new NotFound(`Repository ${name} not found`);
    return images;
  }
}

/** `projects/p/locations/l/repositories/r/dockerImages/team%2Fapi@sha256:…` -> `team/api`. */
function imagePath(img: DockerImage): string {
  const last = img.name.split('/dockerImages/')[1] ?? '';
  return decodeURIComponent(last.split('@')[0] ?? '');
}
const digestOf = (img: DockerImage) => img.name.split('@')[1] ?? img.uri.split('@')[1] ?? '';
