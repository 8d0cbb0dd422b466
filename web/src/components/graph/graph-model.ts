// The relations graph as data: nodes and edges from the catalog's relation rows, before any layout.
// The catalog stores each relation twice (`A ownedBy G` and `G ownerOf A`); a graph draws one edge
// per pair, in the canonical direction, so nothing is drawn twice and nothing is dropped (decision 171).

export interface RelationRow {
  type: string;
  source: string;
  target: string;
  targetId: string | null;
}

export interface EntityRef {
  kind: string;
  namespace: string;
  name: string;
}

export interface GraphNode extends EntityRef {
  /** The full reference `kind:namespace/name`: the node's id. */
  id: string;
  /** The catalog id (component, team or person) when the entity is registered. */
  entityId: string | null;
  center: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  /** Canonical relation type (`ownedBy`, `partOf`, …). */
  type: string;
}

export interface GraphData {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Inverse type → canonical type; a canonical type maps to itself. */
const CANONICAL: Record<string, string> = {
  ownerOf: 'ownedBy',
  hasPart: 'partOf',
  apiProvidedBy: 'providesApi',
  apiConsumedBy: 'consumesApi',
  dependencyOf: 'dependsOn',
  parentOf: 'childOf',
  hasMember: 'memberOf',
};

/** The canonical edge of a relation row: inverse types are turned around. */
export function canonicalEdge(row: Pick<RelationRow, 'type' | 'source' | 'target'>): {
  source: string;
  target: string;
  type: string;
} {
  const canonical = CANONICAL[row.type];
  return canonical
    ? { source: row.target, target: row.source, type: canonical }
    : { source: row.source, target: row.target, type: row.type };
}

/** Parses `kind:namespace/name` (kind and namespace optional, as Backstage allows). */
export function parseRef(ref: string, defaultKind = 'component'): EntityRef {
  const colon = ref.indexOf(':');
  const kind = colon > 0 ? ref.slice(0, colon).toLowerCase() : defaultKind;
  const rest = colon > 0 ? ref.slice(colon + 1) : ref;
  const slash = rest.indexOf('/');
  return slash > 0
    ? { kind, namespace: rest.slice(0, slash), name: rest.slice(slash + 1) }
    : { kind, namespace: 'default', name: rest };
}

export interface GraphFilter {
  /** Canonical relation types to keep; empty or absent keeps all. */
  types?: ReadonlySet<string>;
  /** Entity kinds to keep (the centre is always kept); empty or absent keeps all. */
  kinds?: ReadonlySet<string>;
}

/**
 * Builds the graph around `center` from the relation rows of the centre and of any neighbours whose
 * relations were fetched (the second hop). Every distinct edge is kept; the filter hides edges of other
 * types and nodes of other kinds, and then nodes no longer connected to anything visible.
 */
export function buildGraph(center: string, rows: readonly RelationRow[], filter: GraphFilter = {}): GraphData {
  const ids = new Map<string, string | null>();
  const remember = (ref: string, id: string | null) => {
    if (!ids.has(ref) || (id && !ids.get(ref))) ids.set(ref, id);
  };
  remember(center, null);
  const edges = new Map<string, GraphEdge>();
  for (const row of rows) {
    remember(row.target, row.targetId);
    remember(row.source, null);
    const e = canonicalEdge(row);
    const id = `${e.source}|${e.type}|${e.target}`;
    if (!edges.has(id)) edges.set(id, { id, ...e });
  }

  const kindOf = (ref: string) => parseRef(ref).kind;
  const keepNode = (ref: string) => ref === center || !filter.kinds?.size || filter.kinds.has(kindOf(ref));
  const visibleEdges = [...edges.values()].filter(
    (e) => (!filter.types?.size || filter.types.has(e.type)) && keepNode(e.source) && keepNode(e.target),
  );
  const connected = new Set<string>([center]);
  for (const e of visibleEdges) connected.add(e.source).add(e.target);

  const nodes = [...connected].map((ref) => ({
    id: ref,
    ...parseRef(ref),
    entityId: ids.get(ref) ?? null,
    center: ref === center,
  }));
  nodes.sort((a, b) => Number(b.center) - Number(a.center) || a.id.localeCompare(b.id));
  visibleEdges.sort((a, b) => a.id.localeCompare(b.id));
  return { nodes, edges: visibleEdges };
}

/** The relation types and entity kinds present (before filtering), with counts, for the filter controls. */
export function graphFacets(rows: readonly RelationRow[]): { types: [string, number][]; kinds: [string, number][] } {
  const types = new Map<string, number>();
  const kinds = new Map<string, Set<string>>();
  const seen = new Set<string>();
  for (const row of rows) {
    const e = canonicalEdge(row);
    const id = `${e.source}|${e.type}|${e.target}`;
    if (seen.has(id)) continue;
    seen.add(id);
    types.set(e.type, (types.get(e.type) ?? 0) + 1);
    for (const ref of [e.source, e.target]) {
      const kind = parseRef(ref).kind;
      if (!kinds.has(kind)) kinds.set(kind, new Set());
      kinds.get(kind)!.add(ref);
    }
  }
  const sorted = <T>(entries: [string, T][]) => entries.sort((a, b) => a[0].localeCompare(b[0]));
  return {
    types: sorted([...types]),
    kinds: sorted([...kinds].map(([k, refs]) => [k, refs.size] as [string, number])),
  };
}

/** Where a reference opens in the portal: catalog kinds on the entity page, groups on their team page, people in the directory. */
export type EntityLink =
  | { to: '/catalog/$kind/$namespace/$name'; params: { kind: string; namespace: string; name: string } }
  | { to: '/teams/$teamId'; params: { teamId: string } }
  | { to: '/people'; search: { q: string } };

export function linkForRef(ref: string, entityId: string | null): EntityLink | undefined {
  const { kind, namespace, name } = parseRef(ref);
  if (kind === 'group') return entityId ? { to: '/teams/$teamId', params: { teamId: entityId } } : undefined;
  if (kind === 'user') return { to: '/people', search: { q: name } };
  if (!entityId) return undefined;
  return { to: '/catalog/$kind/$namespace/$name', params: { kind, namespace, name } };
}
