import type { Component } from './catalog.schemas.js';
import type { Location } from './catalog.entities.schemas.js';
import type { ComponentRow } from './catalog.repository.js';
import type { LocationRow } from './catalog.store.js';

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

/**
 * The API shape, with ISO timestamps: cached values then look the same whether the cache keeps
 * objects (in-process) or JSON (Redis).
 */
export function toComponent(row: ComponentRow): Component {
  return {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    title: row.title,
    entityKind: row.entityKind,
    entityRef: row.ref,
    kind: row.kind,
    type: row.type,
    owner: row.owner,
    ownerUserRef: row.ownerRef?.startsWith('user:') ? row.ownerRef : null,
    lifecycle: row.lifecycle,
    description: row.description,
    tags: row.tags,
    annotations: row.annotations,
    labels: row.labels,
    links: row.links,
    remotes: row.remotes ?? null,
    teamId: row.teamId,
    gitopsApp: row.gitopsApp,
    workloadStatus: row.workloadStatus ?? null,
    orphan: row.orphan,
    source: row.sourceLocationId || row.sourceFile ? { locationId: row.sourceLocationId, file: row.sourceFile } : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    // A URL may carry a credential (https://user:token@host/…): it is kept for refreshes, never shown.
    url: row.url.replace(/\/\/[^/@\s]+@/, '//***@'),
    branch: row.branch || null,
    path: row.path || null,
    lastRefreshedAt: row.lastRefreshedAt ? iso(row.lastRefreshedAt) : null,
    lastError: row.lastError,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
