import { Invalid } from '../../kernel/errors.js';
import { toRef } from './catalog.entities.js';
import { ENTITY_KINDS, KIND_GROUPS } from './catalog.kinds.js';
import type { ListFilter } from './catalog.repository.js';
import type { ListComponentsQuery } from './catalog.schemas.js';

/** Words of a search as a prefix tsquery (`artist:* & look:*`); null when there is no word. */
export function toTsquery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words?.length
    ? words
        .slice(0, 16)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

/** The list's query as a repository filter (null: matches nothing); the facets use it too. */
export function filterOf(q: ListComponentsQuery): ListFilter | null {
  let kinds: readonly string[] | undefined = q.kindGroup ? KIND_GROUPS[q.kindGroup] : undefined;
  if (q.kind) kinds = !kinds || kinds.includes(q.kind) ? [q.kind] : [];
  if (kinds && kinds.length === 0) return null;
  let entityKind: string | undefined;
  if (q.entityKind) {
    entityKind = ENTITY_KINDS.find((k) => k.toLowerCase() === q.entityKind!.toLowerCase());
    if (!entityKind)
      throw new Invalid(`entityKind must be one of: ${ENTITY_KINDS.join(', ')}`, [
        { field: 'entityKind', problem: 'unknown kind' },
      ]);
  }
  const ref = (value: string | undefined, kind: string, field: string) => {
    if (value === undefined) return undefined;
    try {
      return toRef(value, kind);
    } catch {
      throw new Invalid(`${field} is not a valid entity reference`, [{ field, problem: 'not an entity reference' }]);
    }
  };
  const tsquery = q.q === undefined ? undefined : toTsquery(q.q);
  if (tsquery === null) return null;
  return {
    kinds,
    teamId: q.teamId,
    entityKind,
    type: q.type,
    ownerRef: ref(q.owner, 'group', 'owner'),
    lifecycle: q.lifecycle?.toLowerCase(),
    tag: q.tag,
    systemRef: ref(q.system, 'system', 'system'),
    namespace: q.namespace,
    orphan: q.orphan,
    tsquery,
  };
}
