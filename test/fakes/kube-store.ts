import { randomUUID } from 'node:crypto';
import type http from 'node:http';

/**
 * The object store of the fake Kubernetes API server (kube-apiserver.ts): resource types (built-in and
 * installed CRDs), objects stored once per group and plural with their resourceVersions, the event
 * history watches resume from, and the open watches it notifies.
 */
export interface ResourceType {
  group: string;
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
}

export interface Watcher {
  type: ResourceType;
  namespace?: string;
  res: http.ServerResponse;
}

/** The resource types every cluster serves (CRDs add theirs). */
export const BUILT_IN: ResourceType[] = [
  { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false },
  { group: 'apps', version: 'v1', plural: 'deployments', kind: 'Deployment', namespaced: true },
  {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    plural: 'customresourcedefinitions',
    kind: 'CustomResourceDefinition',
    namespaced: false,
  },
];

export class KubeObjectStore {
  protected types: ResourceType[] = [...BUILT_IN];
  protected objects = new Map<string, any>();
  protected history: { rv: number; type: string; kind: ResourceType; object: any }[] = [];
  protected watchers = new Set<Watcher>();
  protected rv = 100;
  /** Watches from a resourceVersion below this are "too old" (410 Gone), as after an etcd compaction. */
  protected compactedBelow = 0;

  /** Forgets the event history: watches resuming from an older resourceVersion get 410 Gone. */
  compact() {
    this.compactedBelow = this.rv + 1;
    this.history = [];
  }

  /** Installs a CRD (and serves its group versions), as `kubectl apply -f crd.yaml` would. */
  installCrd(spec: {
    group: string;
    kind: string;
    plural: string;
    versions: string[];
    scope?: 'Namespaced' | 'Cluster';
  }) {
    const scope = spec.scope ?? 'Namespaced';
    for (const version of spec.versions) {
      this.types.push({
        group: spec.group,
        version,
        plural: spec.plural,
        kind: spec.kind,
        namespaced: scope === 'Namespaced',
      });
    }
    this.apply({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `${spec.plural}.${spec.group}` },
      spec: {
        group: spec.group,
        scope,
        names: {
          kind: spec.kind,
          plural: spec.plural,
          singular: spec.kind.toLowerCase(),
          listKind: `${spec.kind}List`,
        },
        versions: spec.versions.map((name, i) => ({
          name,
          served: true,
          storage: i === 0,
          schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        })),
      },
      status: {
        conditions: [{ type: 'Established', status: 'True' }],
        acceptedNames: { kind: spec.kind, plural: spec.plural },
      },
    });
  }

  /** Creates or replaces an object (by apiVersion, kind, namespace and name) and notifies watchers. */
  apply(obj: any): any {
    const [group, version] = obj.apiVersion.includes('/') ? obj.apiVersion.split('/') : ['', obj.apiVersion];
    const type = this.types.find((t) => t.group === group && t.version === version && t.kind === obj.kind);
    if (!type) throw new Error(`no resource type serves ${obj.apiVersion} ${obj.kind}`);
    const key = this.key(type, obj.metadata.namespace, obj.metadata.name);
    const existing = this.findAnyVersion(type, obj.metadata.namespace, obj.metadata.name);
    const stored = {
      ...obj,
      metadata: {
        ...obj.metadata,
        uid: existing?.metadata.uid ?? randomUUID(),
        creationTimestamp: existing?.metadata.creationTimestamp ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        resourceVersion: String(++this.rv),
        generation: (existing?.metadata.generation ?? 0) + 1,
      },
    };
    this.objects.set(key, stored);
    this.notify(existing ? 'MODIFIED' : 'ADDED', type, stored);
    return stored;
  }

  remove(apiVersion: string, kind: string, namespace: string | undefined, name: string) {
    const type = this.types.find(
      (t) => `${t.group ? `${t.group}/` : ''}${t.version}` === apiVersion && t.kind === kind,
    )!;
    const key = this.key(type, namespace, name);
    const obj = this.objects.get(key);
    if (!obj) return;
    this.objects.delete(key);
    this.notify('DELETED', type, { ...obj, metadata: { ...obj.metadata, resourceVersion: String(++this.rv) } });
  }

  get(apiVersion: string, kind: string, namespace: string | undefined, name: string) {
    const type = this.types.find(
      (t) => `${t.group ? `${t.group}/` : ''}${t.version}` === apiVersion && t.kind === kind,
    )!;
    return this.objects.get(this.key(type, namespace, name));
  }

  protected key(type: ResourceType, namespace: string | undefined, name: string) {
    return `${type.group}/${type.plural}/${type.namespaced ? namespace : ''}/${name}`;
  }

  /** Objects are stored once per group/plural (any version serves them, as with a CRD's storage version). */
  protected findAnyVersion(type: ResourceType, namespace: string | undefined, name: string) {
    return this.objects.get(this.key(type, namespace, name));
  }

  protected notify(event: string, type: ResourceType, object: any) {
    this.history.push({ rv: Number(object.metadata.resourceVersion), type: event, kind: type, object });
    for (const w of this.watchers) {
      if (
        w.type.group === type.group &&
        w.type.plural === type.plural &&
        (!w.namespace || w.namespace === object.metadata.namespace)
      ) {
        w.res.write(JSON.stringify({ type: event, object: this.asVersion(object, w.type) }) + '\n');
      }
    }
  }

  protected asVersion(obj: any, type: ResourceType) {
    return { ...obj, apiVersion: type.group ? `${type.group}/${type.version}` : type.version };
  }

  protected list(type: ResourceType, namespace?: string) {
    const out: any[] = [];
    for (const obj of this.objects.values()) {
      if (this.sameResource(obj, type) && (!namespace || obj.metadata.namespace === namespace))
        out.push(this.asVersion(obj, type));
    }
    return out.sort((a, b) =>
      `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`),
    );
  }

  protected sameResource(obj: any, type: ResourceType) {
    const group = obj.apiVersion.includes('/') ? obj.apiVersion.split('/')[0] : '';
    return group === type.group && obj.kind === type.kind;
  }

  protected groups() {
    const names = [...new Set(this.types.filter((t) => t.group).map((t) => t.group))];
    return names.map((name) => {
      const versions = [...new Set(this.types.filter((t) => t.group === name).map((t) => t.version))].map((v) => ({
        groupVersion: `${name}/${v}`,
        version: v,
      }));
      return { name, versions, preferredVersion: versions[0] };
    });
  }
}
