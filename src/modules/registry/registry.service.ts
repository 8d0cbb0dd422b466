import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound, Unavailable } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { isRepositoryName } from '../../kernel/oci-names.js';
import type { RegistryPort } from './registry.ports.js';
import { registryRepository as repo } from './registry.repository.js';

export const IMAGE_ANNOTATION = 'hangar.io/image';
const AVAILABILITY_TIMEOUT_MS = 5000;

export interface RegistryDeps {
  db: Database;
  /** The configured adapter (built on first use); undefined when `REGISTRY_TYPE` is unset. */
  adapter: (() => RegistryPort) | undefined;
  /** Queues a vulnerability sync; undefined when there is no durable queue (the sync then runs inline). */
  enqueueSync?: (componentId: string) => Promise<void>;
  /** Told the component whose findings a sync replaced: scorecards re-evaluate it (decision 550). */
  factsChanged?: (componentIds: string[]) => void;
}

/** `registry.example.com:5000/team/app:1.2` -> `{name: 'team/app', tag: '1.2'}`; digests kept as tags. */
/** A repository name from a request: the OCI distribution grammar or a 400 (decision 205). */
function repositoryName(name: string): string {
  if (!isRepositoryName(name)) {
    throw new Invalid(
      'name must be a repository name: lower-case letters and digits, separated by ".", "_", "__", "-" or "/"',
      [{ field: 'name', problem: 'not an OCI repository name' }],
    );
  }
  return name;
}

export function parseImageRef(ref: string): { name: string; tag: string } | null {
  let rest = ref.trim();
  if (!rest || /\s/.test(rest)) return null;
  let tag = 'latest';
  const at = rest.indexOf('@');
  if (at >= 0) {
    tag = rest.slice(at + 1);
    rest = rest.slice(0, at);
  } else {
    const colon = rest.lastIndexOf(':');
    if (colon > rest.lastIndexOf('/')) {
      tag = rest.slice(colon + 1);
      rest = rest.slice(0, colon);
    }
  }
  const parts = rest.split('/');
  // A first segment with a dot, a port or `localhost` is a registry host, not part of the name.
  if (parts.length > 1 && (/[.:]/.test(parts[0]!) || parts[0] === 'localhost')) parts.shift();
  const name = parts.join('/');
  return name && tag ? { name, tag } : null;
}

export function createRegistryService(deps: RegistryDeps) {
  const { db } = deps;
  const adapter = () => {
    if (!deps.adapter) throw new Unavailable('No container registry is configured (REGISTRY_TYPE)');
    return deps.adapter();
  };
  const component = async (id: string) => {
    const c = await catalogLookup.findComponent(db, id);
    if (!c) throw new NotFound('Component not found');
    return c;
  };

  const service = {
    async available(_caller: Caller) {
      if (!deps.adapter) return { available: false };
      // A probe, not a listing: a registry that does not answer in 5 s counts as unavailable.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), AVAILABILITY_TIMEOUT_MS);
      });
      try {
        await Promise.race([deps.adapter().ping(), timeout]);
        return { available: true };
      } catch {
        return { available: false };
      } finally {
        clearTimeout(timer);
      }
    },
    repositories: async (_caller: Caller) => adapter().listRepositories(),
    tags: async (_caller: Caller, name: string) => adapter().listTags(repositoryName(name)),
    manifest: async (_caller: Caller, name: string, tag: string) => adapter().getManifest(repositoryName(name), tag),
    scan: async (_caller: Caller, name: string, tag: string) => adapter().getScan(repositoryName(name), tag),
    async replications(_caller: Caller) {
      const a = adapter();
      return a.listReplications ? a.listReplications() : [];
    },

    async vulnerabilities(_caller: Caller, componentId: string) {
      await component(componentId);
      return repo.list(db, componentId);
    },
    async summary(_caller: Caller, componentId: string) {
      await component(componentId);
      return { componentId, ...(await repo.summary(db, componentId)) };
    },

    /** Checks everything a sync needs before answering, so a queued job only fails on upstream trouble. */
    async requestSync(caller: Caller, componentId: string) {
      const c = await component(componentId);
      adapter();
      imageOf(c.annotations);
      if (deps.enqueueSync) {
        try {
          await deps.enqueueSync(componentId);
          return { queued: true as const };
        } catch {
          // The queue's store is down: run it here rather than fail the request.
        }
      }
      return { queued: false as const, count: await service.syncNow(caller, componentId) };
    },

    /**
     * Reads the scan of the component's image and replaces its stored findings; answers their count.
     * The sync job passes its signal, so a cancelled or timed-out job stops its registry call (decision 511).
     */
    async syncNow(_caller: Caller, componentId: string, signal?: AbortSignal): Promise<number> {
      const c = await component(componentId);
      const image = imageOf(c.annotations);
      const scan = await adapter().getScan(image.name, image.tag, signal);
      const count = await repo.replace(
        db,
        componentId,
        scan.vulnerabilities.map((v) => ({
          cveId: v.cveId,
          severity: v.severity,
          package: v.packageName,
          version: v.installedVersion,
          fixedVersion: v.fixedVersion,
          description: v.description,
        })),
      );
      deps.factsChanged?.([componentId]);
      return count;
    },
  };
  return service;
}

function imageOf(annotations: Record<string, string> | null | undefined) {
  const raw = annotations?.[IMAGE_ANNOTATION];
  if (!raw) throw new Invalid(`The component has no ${IMAGE_ANNOTATION} annotation naming its image (repo:tag)`);
  const ref = parseImageRef(raw);
  if (!ref) throw new Invalid(`The ${IMAGE_ANNOTATION} annotation is not an image reference (repo:tag)`);
  return ref;
}

export type RegistryService = ReturnType<typeof createRegistryService>;
