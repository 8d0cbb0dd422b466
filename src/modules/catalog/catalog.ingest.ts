import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { teamsCatalogVerbs } from '../teams/index.js';
import type { Edge } from './catalog.entity-types.js';
import {
  claimRows,
  emptyIngestResult,
  groupRefOf,
  linkTeamParents,
  noteApis,
  upsertPeople,
  writeComponents,
  type Comp,
  type Group,
  type IngestResult,
  type IngestSource,
  type Sourced,
  type User,
} from './catalog.ingest-steps.js';
import { catalogRepository as repo } from './catalog.repository.js';
import { relationsStore } from './catalog.store.js';

export {
  definitionDigest,
  emptyIngestResult,
  type IngestResult,
  type IngestSource,
  type Sourced,
} from './catalog.ingest-steps.js';

/**
 * Writes one batch of validated entities in the caller's transaction, with bulk statements only
 * (a 5,000-entity location is a handful of round trips): teams for groups, people for users, the
 * relations of every entity, then the components in one upsert that skips identical rows.
 */
export async function ingest(
  tx: Executor,
  caller: Caller,
  batch: Sourced[],
  source: IngestSource,
): Promise<IngestResult> {
  const result = emptyIngestResult();
  const groups = batch.filter((e): e is Group => e.entity === 'group');
  const users = batch.filter((e): e is User => e.entity === 'user');

  // 1. Groups become teams (their module writes them, inside this transaction).
  const touchedTeams = await teamsCatalogVerbs.upsertGroups(
    caller,
    groups.map((g) => g.input),
    tx,
  );
  result.teams = groups.map((g) => g.ref);

  // 2. Users become directory people.
  await upsertPeople(tx, users, source);
  result.people = users.map((u) => u.ref);

  // 3. Each entity updates the row of its reference; a clash or another location's entity is an error.
  const { comps, target } = await claimRows(
    tx,
    batch.filter((e): e is Comp => e.entity === 'component'),
    source,
    result,
  );

  // 4. Relations replace what the same descriptors declared before: groups and users now, components
  //    below (only those that changed: their edges are part of the digest).
  const replaceRelations = (written: Sourced[]) =>
    relationsStore.replace(
      tx,
      written.map((e) => e.ref),
      written.flatMap((e) => e.edges.map((edge): Edge & { originRef: string } => ({ ...edge, originRef: e.ref }))),
    );
  await replaceRelations([...groups, ...users]);

  // 5. Parents of the teams touched and of their family.
  const teamByRef = await linkTeamParents(tx, caller, groups, comps, touchedTeams);

  // 6. Components: new ones in bulk inserts, changed ones in one bulk update, identical ones untouched.
  await writeComponents(tx, comps, target, teamByRef, source, result, replaceRelations);

  // 7. Components registered earlier that name a group of this batch as owner now get its team.
  const batchRefs = new Set(comps.map((c) => c.ref));
  for (const team of touchedTeams) {
    for (const row of await repo.linkOwner(tx, groupRefOf(team), team.id))
      if (!batchRefs.has(row.ref)) result.linked.push(row);
  }

  noteApis(comps, result);
  return result;
}
