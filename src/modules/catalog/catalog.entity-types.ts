import type { CatalogLink } from '../../db/schema/index.js';
import type { ComponentKind, EntityKind } from './catalog.kinds.js';

/** A descriptor Hangar refuses, as Backstage would; the message is one line. */
export class EntityError extends Error {}

export interface Edge {
  source: string;
  type: string;
  target: string;
}

export interface ComponentInput {
  name: string;
  namespace: string;
  entityKind: EntityKind;
  kind: ComponentKind;
  type: string | null;
  title: string | null;
  owner: string | null;
  /** Resolved by the database too; kept here to find the owning team before writing. */
  ownerRef: string | null;
  system: string | null;
  lifecycle: string | null;
  description: string | null;
  tags: string[];
  annotations: Record<string, string>;
  labels: Record<string, string>;
  links: CatalogLink[];
  /** `spec.remotes` of an `mcp-server` API: its transport endpoints (null for every other entity). */
  remotes: ApiRemote[] | null;
}

export interface ApiRemote {
  type: string;
  url: string;
}

export interface GroupInput {
  name: string;
  namespace: string;
  displayName: string | null;
  description: string | null;
  email: string | null;
  type: string;
  parentRef: string | null;
  childRefs: string[];
}

export interface PersonInput {
  name: string;
  namespace: string;
  displayName: string | null;
  email: string | null;
}

export interface ApiDefinition {
  format: string;
  content: string;
  version: string | null;
}

interface Base {
  document: number;
  ref: string;
  edges: Edge[];
  /** Problems that did not make the entity invalid (an unresolved placeholder). */
  warnings: string[];
}
export type ParsedEntity =
  | (Base & { entity: 'component'; input: ComponentInput; definition: ApiDefinition | null })
  | (Base & { entity: 'group'; input: GroupInput })
  | (Base & { entity: 'user'; input: PersonInput })
  | { entity: 'location'; document: number; ref: string; targets: string[]; warnings: string[] }
  | { entity: 'skipped'; document: number; kind: string | null; name: string | null; reason: string };
