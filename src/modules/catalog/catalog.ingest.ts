import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { teamsCatalogVerbs, teamsLookup } from '../teams/index.js';
import type { ApiDefinition, ComponentInput, Edge, GroupInput, ParsedEntity, PersonInput } from './catalog.entities.js';
import { catalogRepository as repo, type ComponentRow, type RegisteredValues } from './catalog.repository.js';
import { peopleStore, relationsStore } from './catalog.store.js';

type Kept = Extract<ParsedEntity, { entity: 'component' | 'group' | 'user' }>;
/** An entity to write, with where it was read. */
export type Sourced = Kept & { file: string | null };

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
  /** Entities refused while writing (a Hangar kind+name already held by another entity). */
  errors: { file: string | null; document: number; message: string }[];
  /** API definitions of written components, by component id. */
  definitions: { componentId: string; ref: string; definitionHash: string | null; definition: ApiDefinition }[];
  /** consumesApi edges of written components (to register them as consumers of the APIs' specs). */
  consumes: { componentId: string; apiRef: string }[];
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
export const definitionDigest = (d: ApiDefinition) => digest([d.format, d.content, d.version]);
const groupRefOf = (t: { name: string; namespace: string }) => `group:${t.namespace}/${t.name}`;

function columnsOf(
  v: Omit<ComponentInput, 'ownerRef'> & { teamId: string | null; orphan: boolean; sourceLocationId: string | null; sourceFile: string | null },
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

/**
 * Writes one batch of validated entities in the caller's transaction, with bulk statements only
 * (a 5,000-entity location is a handful of round trips): teams for groups, people for users, the
 * relations of every entity, then the components in one upsert that skips identical rows.
 */
export async function ingest(tx: Executor, caller: Caller, batch: Sourced[], source: IngestSource): Promise<IngestResult> {
  const result: IngestResult = { created: [], updated: [], unchanged: [], linked: [], teams: [], people: [], errors: [], definitions: [], consumes: [] };
  const groups = batch.filter((e): e is Sourced & { entity: 'group'; input: GroupInput } => e.entity === 'group');
  const users = batch.filter((e): e is Sourced & { entity: 'user'; input: PersonInput } => e.entity === 'user');
  let comps = batch.filter((e): e is Sourced & { entity: 'component'; input: ComponentInput } => e.entity === 'component');

  // 1. Groups become teams (their module writes them, inside this transaction).
  const touchedTeams = await teamsCatalogVerbs.upsertGroups(
    caller,
    groups.map((g) => g.input),
    tx,
  );
  result.teams = groups.map((g) => g.ref);

  // 2. Users become directory people.
  await peopleStore.upsertMany(
    tx,
    users.map((u) => {
      const values = { ...u.input, orphan: false, sourceLocationId: source.locationId, sourceFile: u.file };
      return { ...values, entityHash: digest(values) };
    }),
  );
  result.people = users.map((u) => u.ref);

  // 3. Each entity updates the row of its reference (of the same Hangar kind when there are several);
  //    Hangar's own uniqueness (kind + namespace + name) may clash with another entity's row.
  const existing = await repo.findByRefs(
    tx,
    comps.map((c) => c.ref),
  );
  const holders = await repo.findByKindKeys(
    tx,
    comps.map((c) => c.input),
  );
  const held = new Map(holders.map((h) => [`${h.kind}\u0000${h.namespace}\u0000${h.name}`, h]));
  const target = new Map<string, ComponentRow>();
  const byRefRows = new Map<string, ComponentRow[]>();
  for (const r of existing) byRefRows.set(r.ref, [...(byRefRows.get(r.ref) ?? []), r]);
  comps = comps.filter((c) => {
    const mine = byRefRows.get(c.ref) ?? [];
    const row = mine.find((r) => r.kind === c.input.kind) ?? mine[0];
    const holder = held.get(`${c.input.kind}\u0000${c.input.namespace}\u0000${c.input.name}`);
    if (holder && holder.id !== row?.id) {
      result.errors.push({ file: c.file, document: c.document, message: `a ${c.input.kind} named "${c.input.name}" already exists as ${holder.ref}` });
      return false;
    }
    // An entity belongs to the location that last registered it: a refresh of another location
    // still declaring it reports a conflict (as Backstage does) instead of taking it back, else two
    // locations would flip its source, with an update and events, on every refresh.
    if (row && !source.takeOver && source.locationId && row.sourceLocationId && row.sourceLocationId !== source.locationId && !row.orphan) {
      result.errors.push({ file: c.file, document: c.document, message: `${c.ref} is registered by location ${row.sourceLocationId}` });
      return false;
    }
    if (row) target.set(c.ref, row);
    return true;
  });

  // 4. Relations replace what the same descriptors declared before: groups and users now, components
  //    below (only those that changed: their edges are part of the digest).
  const replaceRelations = (written: Sourced[]) =>
    relationsStore.replace(
      tx,
      written.map((e) => e.ref),
      written.flatMap((e) => e.edges.map((edge): Edge & { originRef: string } => ({ ...edge, originRef: e.ref }))),
    );
  await replaceRelations([...groups, ...users]);

  // 5. Parents of the teams touched, of their children and of the groups registered earlier that
  //    named one of them as parent, from childOf edges (either side declared them, in any file or
  //    request): the parent may be a team of an earlier batch, so it is looked up too.
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
    for (const e of parentEdges) if (!parentOf.has(e.source) && teamByRef.has(e.target)) parentOf.set(e.source, teamByRef.get(e.target)!.id);
    await teamsCatalogVerbs.setParents(
      caller,
      family.map((ref) => ({ teamId: teamByRef.get(ref)!.id, parentTeamId: parentOf.get(ref) ?? null })),
      tx,
    );
  }

  // 6. Components: new ones in bulk inserts, changed ones in one bulk update, identical ones untouched.
  const inserts: RegisteredValues[] = [];
  const updates: (RegisteredValues & { id: string })[] = [];
  const changedComps: Sourced[] = [];
  for (const c of comps) {
    const { ownerRef, ...input } = c.input;
    const team = ownerRef ? teamByRef.get(ownerRef) : undefined;
    const values = { ...input, teamId: team?.id ?? null, orphan: false, sourceLocationId: source.locationId, sourceFile: c.file };
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
  for (let i = 0; i < inserts.length; i += 5000) result.created.push(...(await repo.insertRegistered(tx, inserts.slice(i, i + 5000))));
  for (let i = 0; i < updates.length; i += 2000) result.updated.push(...(await repo.updateMany(tx, updates.slice(i, i + 2000))));
  const byRef = new Map([...result.created, ...result.updated, ...result.unchanged].map((r) => [r.ref, r]));

  // 7. Components registered earlier that name a group of this batch as owner now get its team.
  const batchRefs = new Set(comps.map((c) => c.ref));
  for (const team of touchedTeams) {
    for (const row of await repo.linkOwner(tx, groupRefOf(team), team.id)) if (!batchRefs.has(row.ref)) result.linked.push(row);
  }

  for (const c of comps) {
    const row = byRef.get(c.ref);
    if (!row) continue;
    if (c.definition) result.definitions.push({ componentId: row.id, ref: c.ref, definitionHash: row.definitionHash, definition: c.definition });
    for (const e of c.edges) if (e.type === 'consumesApi' && e.source === c.ref) result.consumes.push({ componentId: row.id, apiRef: e.target });
  }
  // Keep the input order in the answer (the order of the documents).
  const order = new Map(comps.map((c, i) => [c.ref, i]));
  for (const list of [result.created, result.updated, result.unchanged]) list.sort((a, b) => order.get(a.ref)! - order.get(b.ref)!);
  return result;
}
