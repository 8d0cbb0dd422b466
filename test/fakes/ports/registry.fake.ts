import { NotFound, Unavailable } from '../../../src/kernel/errors.js';
import type { RegistryManifest, RegistryPort, RegistryRepository, RegistryTag, ReplicationPolicy, ScanResult } from '../../../src/modules/registry/registry.ports.js';

interface FakeImage {
  digest: string;
  sizeBytes: number;
  pushedAt: string | null;
  mediaType?: string;
  scan?: ScanResult;
}

/** An in-memory registry implementing the registry port (any adapter type), for tests of the module. */
export class FakeRegistry implements RegistryPort {
  up = true;
  readonly repos = new Map<string, Map<string, FakeImage>>();
  replications: ReplicationPolicy[] | undefined;

  constructor(readonly type = 'oci') {}

  push(name: string, tag: string, image: FakeImage) {
    if (!this.repos.has(name)) this.repos.set(name, new Map());
    this.repos.get(name)!.set(tag, image);
  }

  private check() {
    if (!this.up) throw new Unavailable('Container registry is unreachable');
  }
  private repo(name: string) {
    this.check();
    const r = this.repos.get(name);
    if (!r) throw new NotFound(`Repository ${name} not found`);
    return r;
  }
  private image(name: string, tag: string) {
    const img = this.repo(name).get(tag);
    if (!img) throw new NotFound(`Tag ${tag} of repository ${name} not found`);
    return img;
  }

  async ping() {
    this.check();
  }
  async listRepositories(): Promise<RegistryRepository[]> {
    this.check();
    return [...this.repos.keys()].map((name) => ({ name, uri: `fake.registry/${name}` }));
  }
  async listTags(name: string): Promise<RegistryTag[]> {
    return [...this.repo(name)].map(([tag, i]) => ({ tag, digest: i.digest, sizeBytes: i.sizeBytes, pushedAt: i.pushedAt }));
  }
  async getManifest(name: string, tag: string): Promise<RegistryManifest> {
    const img = this.image(name, tag);
    const tags = [...this.repo(name)].filter(([, i]) => i.digest === img.digest).map(([t]) => t);
    return {
      digest: img.digest,
      mediaType: img.mediaType ?? 'application/vnd.oci.image.manifest.v1+json',
      sizeBytes: img.sizeBytes,
      pushedAt: img.pushedAt,
      tags,
    };
  }
  async getScan(name: string, tag: string): Promise<ScanResult> {
    return this.image(name, tag).scan ?? { status: 'UNSUPPORTED', vulnerabilities: [] };
  }
  async listReplications(): Promise<ReplicationPolicy[]> {
    this.check();
    return this.replications ?? [];
  }
}
