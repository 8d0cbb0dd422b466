import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { teamsCatalogVerbs, teamsLookup } from '../teams/index.js';
import type { ApiDefinition, ComponentInput, GroupInput, ParsedEntity, PersonInput } from './catalog.entity-types.js';
import { catalogRepository as repo, type ComponentRow, type RegisteredValues } from './catalog.repository.js';
import { peopleStore, relationsStore } from './catalog.store.js';

// The steps of an ingest, in its order (decision 1170: cut out of ingest in catalog.ingest.ts), and
// the types both files use.

type Kept = Extract<ParsedEntity, { entity: 'component' | 'group' | 'user' }>;
/**
 * An entity to write, with where it was read. `location` overrides the batch's source for this
 * entity: several locations' files written in one batch (discovery's listing page, decision 1030).
 */
export type Sourced = Kept & { file: string | null; location?: { id: string; takeOver: boolean } };

export interface IngestSource {
  locationId: string | null;
  /** An explicit registration takes over entities of other locations; a scheduled refresh does not. */
  takeOver: boolean;
}

export interface IngestResult {
  created: ComponentRow[];
  updated: ComponentRow[];
  unchanged: ComponentRow[];
  /** Components outside the batch whose teamId moved because their owning group arrived. */
  linked: ComponentRow[];
  teams: string[];
  people: string[];
  /** Entities refused while writing (a Hangar kind+name already held by another entity); `locationId` when the entity named its own. */
  errors: { file: string | null; document: number; message: string; locationId?: string }[];
  /** API definitions of written components, by component id. */
  definitions: { componentId: string; ref: string; definitionHash: string | null; definition: ApiDefinition }[];
  /** consumesApi edges of written components (to register them as consumers of the APIs' specs). */
  consumes: { componentId: string; apiRef: string }[];
}

export type Group = Sourced & { entity: 'group'; input: GroupInput };
export type User = Sourced & { entity: 'user'; input: PersonInput };
export type Comp = Sourced & { entity: 'component'; input: ComponentInput };
type Team = Awaited<ReturnType<typeof teamsLookup.byNames>>[number];

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
export const definitionDigest = (d: ApiDefinition) => digest([d.format, d.content, d.version]);
export const groupRefOf = (t: { name: string; namespace: string }) => `group:${t.namespace}/${t.name}`;

function columnsOf(
  v: Omit<ComponentInput, 'ownerRef'> & {
    teamId: string | null;
    orphan: boolean;
    sourceLocationId: string | null;
    sourceFile: string | null;
  },
) {
  return {
    name: v.name,
    namespace: v.namespace,
    entity_kind: v.entityKind,
    kind: v.kind,
    type: v.type,
    title: v.title,
    owner: v.owner,
    system: v.system,
    lifecycle: v.lifecycle,
    description: v.description,
    tags: v.tags,
    annotations: v.annotations,
    labels: v.labels,
    links: v.links,
    remotes: v.remotes,
    team_id: v.teamId,
    orphan: v.orphan,
    source_location_id: v.sourceLocationId,
    source_file: v.sourceFile,
  };
}

/** A result with nothing in it yet: what an ingest (or one location's share of a batch) starts from. */
export const emptyIngestResult = (): IngestResult => ({
  created: [],
  updated: [],
  unchanged: [],
  linked: [],
  teams: [],
  people: [],
  errors: [],
  definitions: [],
  consumes: [],
});

/** 2. Users become directory people. */
export async function upsertPeople(tx: Executor, users: User[], source: IngestSource) {
  await peopleStore.upsertMany(
    tx,
    users.map((u) => {
      const values = {
        ...u.input,
        orphan: false,
        sourceLocationId: u.location?.id ?? source.locationId,
        sourceFile: u.file,
      };
      return { ...values, entityHash: digest(values) };
    }),
  );
}

/**
 * 3. Each entity updates the row of its reference (of the same Hangar kind when there are several);
 *    Hangar's own uniqueness (kind + namespace + name) may clash with another entity's row. Answers the
 *    components left to write and the rows they update; the others are the result's errors.
 */
export async function claimRows(tx: Executor, all: Comp[], source: IngestSource, result: IngestResult) {
  const existing = await repo.findByRefs(
    tx,
    all.map((c) => c.ref),
  );
  const holders = await repo.findByKindKeys(
    tx,
    all.map((c) => c.input),
  );
  const held = new Map(holders.map((h) => [`${h.kind}\u0000${h.namespace}\u0000${h.name}`, h]));
  const target = new Map<string, ComponentRow>();
  const byRefRows = new Map<string, ComponentRow[]>();
  for (const r of existing) byRefRows.set(r.ref, [...(byRefRows.get(r.ref) ?? []), r]);
  const comps = all.filter((c) => {
    const mine = byRefRows.get(c.ref) ?? [];
    const row = mine.find((r) => r.kind === c.input.kind) ?? mine[0];
    const holder = held.get(`${c.input.kind}\u0000${c.input.namespace}\u0000${c.input.name}`);
    const locationId = c.location?.id ?? source.locationId;
    const at = c.location ? { locationId: c.location.id } : {};
    if (holder && holder.id !== row?.id) {
      result.errors.push({
        file: c.file,
        document: c.document,
        message: `a ${c.input.kind} named "${c.input.name}" already exists as ${holder.ref}`,
        ...at,
      });
      return false;
    }
    // An entity belongs to the location that last registered it: a refresh of another location
    // still declaring it reports a conflict (as Backstage does) instead of taking it back, else two
    // locations would flip its source, with an update and events, on every refresh.
    if (
      row &&
      !(c.location?.takeOver ?? source.takeOver) &&
      locationId &&
      row.sourceLocationId &&
      row.sourceLocationId !== locationId &&
      !row.orphan
    ) {
      result.errors.push({
        file: c.file,
        document: c.document,
        message: `${c.ref} is registered by location ${row.sourceLocationId}`,
        ...at,
      });
      return false;
    }
    if (row) target.set(c.ref, row);
    return true;
  });
  return { comps, target };
}

/**
 * 5. Parents of the teams touched, of their children and of the groups registered earlier that
 *    named one of them as parent, from childOf edges (either side declared them, in any file or
 *    request): the parent may be a team of an earlier batch, so it is looked up too. Answers the teams
 *    known by group reference.
 */
export async function linkTeamParents(
  tx: Executor,
  caller: Caller,
  groups: Group[],
  comps: Comp[],
  touchedTeams: Team[],
) {
  const ownerGroupNames = comps.map((c) => c.input.ownerRef).filter((r): r is string => !!r && r.startsWith('group:'));
  const batchGroups = groups.map((g) => g.ref);
  const waiting = groups.length ? (await relationsStore.sources(tx, batchGroups, 'childOf')).map((e) => e.source) : [];
  const familyRefs = [...new Set([...batchGroups, ...groups.flatMap((g) => g.input.childRefs), ...waiting])];
  const parentEdges = groups.length ? await relationsStore.targets(tx, familyRefs, 'childOf') : [];
  const known = await teamsLookup.byNames(
    tx,
    [...ownerGroupNames, ...familyRefs, ...parentEdges.map((e) => e.target)].map((r) => r.slice(r.indexOf('/') + 1)),
  );
  const teamByRef = new Map([...known, ...touchedTeams].map((t) => [groupRefOf(t), t]));
  const family = familyRefs.filter((r) => teamByRef.has(r));
  if (family.length) {
    const parentOf = new Map<string, string>();
    for (const e of parentEdges)
      if (!parentOf.has(e.source) && teamByRef.has(e.target)) parentOf.set(e.source, teamByRef.get(e.target)!.id);
    await teamsCatalogVerbs.setParents(
      caller,
      family.map((ref) => ({ teamId: teamByRef.get(ref)!.id, parentTeamId: parentOf.get(ref) ?? null })),
      tx,
    );
  }
  return teamByRef;
}

/** 6. Components: new ones in bulk inserts, changed ones in one bulk update, identical ones untouched. */
export async function writeComponents(
  tx: Executor,
  comps: Comp[],
  target: Map<string, ComponentRow>,
  teamByRef: Map<string, Team>,
  source: IngestSource,
  result: IngestResult,
  replaceRelations: (written: Sourced[]) => Promise<unknown>,
) {
  const inserts: RegisteredValues[] = [];
  const updates: (RegisteredValues & { id: string })[] = [];
  const changedComps: Sourced[] = [];
  for (const c of comps) {
    const { ownerRef, ...input } = c.input;
    const team = ownerRef ? teamByRef.get(ownerRef) : undefined;
    const values = {
      ...input,
      teamId: team?.id ?? null,
      orphan: false,
      sourceLocationId: c.location?.id ?? source.locationId,
      sourceFile: c.file,
    };
    // The digest covers what was read; the owning team is derived from the database (it may have
    // been linked since, when the group arrived) and is compared with the stored row (decision 403).
    const entityHash = digest([{ ...values, teamId: undefined }, c.edges]);
    const row = target.get(c.ref);
    if (row && row.entityHash === entityHash && row.teamId === values.teamId) {
      result.unchanged.push(row);
      continue;
    }
    changedComps.push(c);
    if (!row) inserts.push({ ...columnsOf(values), entity_hash: entityHash });
    else updates.push({ id: row.id, ...columnsOf(values), entity_hash: entityHash });
  }
  await replaceRelations(changedComps);
  for (let i = 0; i < inserts.length; i += 5000)
    result.created.push(...(await repo.insertRegistered(tx, inserts.slice(i, i + 5000))));
  for (let i = 0; i < updates.length; i += 2000)
    result.updated.push(...(await repo.updateMany(tx, updates.slice(i, i + 2000))));
}

/** The written components' API definitions and consumed APIs; the lists in the input order. */
export function noteApis(comps: Comp[], result: IngestResult) {
  const byRef = new Map([...result.created, ...result.updated, ...result.unchanged].map((r) => [r.ref, r]));
  for (const c of comps) {
    const row = byRef.get(c.ref);
    if (!row) continue;
    if (c.definition)
      result.definitions.push({
        componentId: row.id,
        ref: c.ref,
        definitionHash: row.definitionHash,
        definition: c.definition,
      });
    for (const e of c.edges)
      if (e.type === 'consumesApi' && e.source === c.ref)
        result.consumes.push({ componentId: row.id, apiRef: e.target });
  }
  // Keep the input order in the answer (the order of the documents).
  const order = new Map(comps.map((c, i) => [c.ref, i]));
  for (const list of [result.created, result.updated, result.unchanged])
    list.sort((a, b) => order.get(a.ref)! - order.get(b.ref)!);
}
