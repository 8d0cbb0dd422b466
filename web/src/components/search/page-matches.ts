import { navItemsFor } from '../layout/nav-items';

/** Portal pages whose name or keywords contain every word of the query (matched in the browser, no request). */
export function matchPages(query: string, roles?: readonly string[]) {
  const items = navItemsFor(roles);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const haystack = `${item.label} ${item.keywords}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
