import { isoDate } from '../dates.js';

/** Small readers shared by the Kubernetes adapters (objects as the API server sends them). */

/** `metadata.creationTimestamp` as an ISO string (the typed client hands Dates, custom objects strings). */
export function createdAt(obj: any): string | null {
  return isoDate(obj?.metadata?.creationTimestamp);
}

/** The tag of an image reference (`repo/name:tag@sha256:…` -> `tag`), or null. */
export function imageTag(image: string | undefined): string | null {
  if (!image) return null;
  const noDigest = image.split('@')[0]!;
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  return colon > slash ? noDigest.slice(colon + 1) : null;
}

/** A Deployment's desired and ready replicas, first image, and readiness (all desired replicas ready). */
export function deploymentSummary(d: any) {
  const replicas = typeof d?.spec?.replicas === 'number' ? d.spec.replicas : 1;
  const readyReplicas = typeof d?.status?.readyReplicas === 'number' ? d.status.readyReplicas : 0;
  const image: string = d?.spec?.template?.spec?.containers?.[0]?.image ?? '';
  return {
    name: String(d?.metadata?.name ?? ''),
    namespace: String(d?.metadata?.namespace ?? ''),
    replicas,
    readyReplicas,
    image,
    labels: (d?.metadata?.labels ?? {}) as Record<string, string>,
    ready: replicas > 0 && readyReplicas >= replicas,
  };
}

export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
