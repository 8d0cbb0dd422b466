import { NotFound, Unavailable } from '../../../src/kernel/errors.js';
import type {
  RegistryManifest,
  RegistryPort,
  RegistryRepository,
  RegistryTag,
  ReplicationPolicy,
  ScanResult,
} from '../../../src/modules/registry/registry.ports.js';

interface FakeImage {
  digest: string;
  sizeBytes: number;
  pushedAt: string | null;
  mediaType?: string;
  scan?: ScanResult;
}

/** An in-memory registry implementing the registry port (any adapter type); held to test/contracts/registry.contract.ts. */
export class FakeRegistry implements RegistryPort {
  up = true;
  readonly repos = new Map<string, Map<string, FakeImage>>();
  replications: ReplicationPolicy[] | undefined;

  constructor(readonly type = 'oci') {}

  push(name: string, tag: string, image: FakeImage) {
    if (!this.repos.has(name)) this.repos.set(name, new Map());
    this.repos.get(name)!.set(tag, image);
  }

  private check(signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (!this.up) throw new Unavailable('Container registry is unreachable');
  }
  private repo(name: string, signal?: AbortSignal) {
    this.check(signal);
    const r = this.repos.get(name);
    if (!r) throw new NotFound(`Repository ${name} not found`);
    return r;
  }
  private image(name: string, tag: string, signal?: AbortSignal) {
    const img = this.repo(name, signal).get(tag);
    if (!img) throw new NotFound(`Tag ${tag} of repository ${name} not found`);
    return img;
  }

  async ping(signal?: AbortSignal) {
    this.check(signal);
  }
  async listRepositories(signal?: AbortSignal): Promise<RegistryRepository[]> {
    this.check(signal);
    return [...this.repos.keys()].map((name) => ({ name, uri: `fake.registry/${name}` }));
  }
  async listTags(name: string, signal?: AbortSignal): Promise<RegistryTag[]> {
    return [...this.repo(name, signal)].map(([tag, i]) => ({
      tag,
      digest: i.digest,
      sizeBytes: i.sizeBytes,
      pushedAt: i.pushedAt,
    }));
  }
  async getManifest(name: string, tag: string, signal?: AbortSignal): Promise<RegistryManifest> {
    const img = this.image(name, tag, signal);
    const tags = [...this.repo(name)].filter(([, i]) => i.digest === img.digest).map(([t]) => t);
    return {
      digest: img.digest,
      mediaType: img.mediaType ?? 'application/vnd.oci.image.manifest.v1+json',
      sizeBytes: img.sizeBytes,
      pushedAt: img.pushedAt,
      tags,
    };
  }
  async getScan(name: string, tag: string, signal?: AbortSignal): Promise<ScanResult> {
    return this.image(name, tag, signal).scan ?? { status: 'UNSUPPORTED', vulnerabilities: [] };
  }
  async listReplications(signal?: AbortSignal): Promise<ReplicationPolicy[]> {
    this.check(signal);
    return this.replications ?? [];
  }
}
