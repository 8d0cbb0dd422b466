import type { Caller } from '../../kernel/caller.js';
import type { PageResult } from '../../kernel/pagination.js';
import type { EntityPermissionsView, PermissionsService } from '../permissions/index.js';
import type { Component } from './catalog.schemas.js';

/** The permission policy as the catalog uses it (decision 951). */
export type CatalogPermissionsPort = Pick<PermissionsService, 'require' | 'entityView' | 'decideMany'>;

/** How many permission variants of one cached page are kept (distinct patterns, and distinct views). */
const VARIANTS_PER_PAGE = 32;

interface Variants {
  /** By the caller's view key: a repeated page for the same rights costs no per-row work (decision 1140). */
  byView: Map<string, PageResult<Component>>;
  /** By the page's permission letters: callers of other teams with the same answers share one object. */
  byPattern: Map<string, PageResult<Component>>;
}

const letters = (p: { update: boolean; delete: boolean }) => (p.update ? 'u' : '-') + (p.delete ? 'd' : '-');

/**
 * Entity answers carry `permissions` for their caller (decision 954), decided for the whole page
 * from the caller's compiled view (one cached membership read, decisions 958 and 1140). A cached
 * page keeps one answer object per permission pattern, so the route's serialise-once memo still
 * serves repeated pages as the string built the first time.
 */
export function entityPermissionsDecorator(permissions: CatalogPermissionsPort) {
  const variants = new WeakMap<PageResult<Component>, Variants>();

  return {
    /** The caller's view; start it beside the page's own reads, so its cache read costs no extra wait. */
    view: (caller: Caller) => permissions.entityView(caller),

    page(view: EntityPermissionsView, page: PageResult<Component>): PageResult<Component> {
      let known = variants.get(page);
      const seen = known?.byView.get(view.key);
      if (seen) return seen;
      const decided = page.data.map((c) => view.of(c.teamId));
      const pattern = decided.map(letters).join('');
      let answer = known?.byPattern.get(pattern);
      if (!answer) answer = { ...page, data: page.data.map((c, i) => ({ ...c, permissions: decided[i]! })) };
      if (!known || known.byView.size >= VARIANTS_PER_PAGE || known.byPattern.size >= VARIANTS_PER_PAGE)
        variants.set(page, (known = { byView: new Map(), byPattern: new Map() }));
      known.byPattern.set(pattern, answer);
      known.byView.set(view.key, answer);
      return answer;
    },

    async one(caller: Caller, component: Component): Promise<Component> {
      const view = await permissions.entityView(caller);
      return { ...component, permissions: view.of(component.teamId) };
    },
  };
}
