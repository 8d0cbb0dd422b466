import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { teamsLookup } from '../teams/index.js';
import { toRef } from './catalog.entities.js';
import { loadCatalogModel } from './catalog.model.js';
import type { PeopleQuery, Person, Relation } from './catalog.entities.schemas.js';
import { catalogRepository as repo } from './catalog.repository.js';
import { peopleStore, relationsStore, resolveRefs, type PersonRow } from './catalog.store.js';
import { entityPermissionsDecorator, type CatalogPermissionsPort } from './catalog.permissions.js';
import { toComponent } from './catalog.view.js';

const COMPONENT_KINDS = new Set(['component', 'api', 'resource', 'system', 'domain']);
/** People as the API shows them, with the teams they are members of (decision 1170: out of createBrowseService). */
async function toPeople(db: Database, rows: (PersonRow & { accountId: string | null })[]): Promise<Person[]> {
  const edges = await relationsStore.targets(
    db,
    rows.map((r) => r.ref),
    'memberOf',
  );
  const teamIds = await resolveRefs(
    db,
    edges.map((e) => e.target),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    namespace: r.namespace,
    entityRef: r.ref,
    displayName: r.displayName,
    email: r.email,
    // Only groups that exist as teams; a membership resolves when its group arrives.
    teams: [
      ...new Set(
        edges
          .filter((e) => e.source === r.ref && teamIds.has(e.target))
          .map((e) => e.target.slice(e.target.indexOf('/') + 1)),
      ),
    ].sort(),
    accountId: r.accountId,
    orphan: r.orphan,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Reads of the entity model: relations, lookup by reference, directory people. */
export function createBrowseService({ db, permissions }: { db: Database; permissions: CatalogPermissionsPort }) {
  const withPermissions = entityPermissionsDecorator(permissions);
  return {
    async relations(_caller: Caller, componentId: string): Promise<Relation[]> {
      const row = await repo.findById(db, componentId);
      if (!row) throw new NotFound('Component not found');
      const edges = await relationsStore.ofSource(db, row.ref);
      const ids = await resolveRefs(
        db,
        edges.map((e) => e.target),
      );
      return edges.map((e) => ({
        type: e.type,
        source: e.source,
        target: e.target,
        targetId: ids.get(e.target) ?? null,
      }));
    },

    async people(_caller: Caller, q: PeopleQuery) {
      await loadCatalogModel();
      let memberOfRef: string | undefined;
      if (q.team) {
        try {
          memberOfRef = toRef(q.team, 'group');
        } catch {
          throw new Invalid('team is not a valid group reference', [
            { field: 'team', problem: 'not an entity reference' },
          ]);
        }
      }
      const { data, total } = await peopleStore.page(db, { q: q.q, memberOfRef }, q.skip, q.take);
      return pageOf(await toPeople(db, data), total, q);
    },

    /** A component, team or person by `kind:namespace/name` (kind case-insensitive). */
    async entity(caller: Caller, kind: string, namespace: string, name: string) {
      const k = kind.toLowerCase();
      const ref = `${k}:${namespace}/${name}`;
      if (COMPONENT_KINDS.has(k)) {
        const row = await repo.findByRef(db, ref);
        // A component by reference carries `permissions` like every component answer (decision 961).
        if (row) return withPermissions.one(caller, toComponent(row));
      } else if (k === 'group') {
        const [team] = await teamsLookup.byNames(db, [name]);
        if (team && team.namespace === namespace) return team;
      } else if (k === 'user') {
        const person = await peopleStore.findByRef(db, ref);
        if (person) return (await toPeople(db, [person]))[0]!;
      } else {
        throw new Invalid(`kind must be one of: component, api, resource, system, domain, group, user`, [
          { field: 'kind', problem: 'unknown kind' },
        ]);
      }
      throw new NotFound(`Entity ${ref} not found`);
    },
  };
}

export type BrowseService = ReturnType<typeof createBrowseService>;
