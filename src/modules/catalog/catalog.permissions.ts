import type { Caller } from '../../kernel/caller.js';
import type { PageResult } from '../../kernel/pagination.js';
import type { EntityPermissions, PermissionsService } from '../permissions/index.js';
import type { Component } from './catalog.schemas.js';

/** The permission policy as the catalog uses it (decision 951). */
export type CatalogPermissionsPort = Pick<PermissionsService, 'require' | 'forEntities'>;

/** How many permission variants of one cached page are kept (distinct membership patterns seen). */
const VARIANTS_PER_PAGE = 32;

const bits = (p: EntityPermissions) => (p.update ? 'u' : '-') + (p.delete ? 'd' : '-');

/**
 * Entity answers carry `permissions` for their caller (decision 954), decided for the whole page
 * from one membership query. A cached page keeps one answer object per permission pattern, so the
 * route's serialise-once memo still serves repeated pages as the string built the first time.
 */
export function entityPermissionsDecorator(permissions: CatalogPermissionsPort) {
  const variants = new WeakMap<PageResult<Component>, Map<string, PageResult<Component>>>();

  return {
    async page(caller: Caller, page: PageResult<Component>): Promise<PageResult<Component>> {
      const decided = await permissions.forEntities(caller, page.data);
      const key = decided.map(bits).join('');
      let known = variants.get(page);
      const hit = known?.get(key);
      if (hit) return hit;
      const answer = { ...page, data: page.data.map((c, i) => ({ ...c, permissions: decided[i]! })) };
      if (!known || known.size >= VARIANTS_PER_PAGE) variants.set(page, (known = new Map()));
      known.set(key, answer);
      return answer;
    },

    async one(caller: Caller, component: Component): Promise<Component> {
      const [decided] = await permissions.forEntities(caller, [component]);
      return { ...component, permissions: decided! };
    },
  };
}
