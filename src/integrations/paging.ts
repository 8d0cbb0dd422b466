/** One page of an upstream list: its items, and the cursor of the next page (none: this was the last). */
export interface Page<T, C> {
  items: T[];
  next: C | null | undefined;
}

/**
 * Reads a paged list whole (decision 516): `page(cursor)` fetches one page, starting from `first`
 * and following each page's `next` (a link, a token or a page number) until there is none, at most
 * `maxPages` pages, so an upstream that pages forever cannot hold a request. The adapters of Docker
 * Hub, Harbor, Artifact Registry, Kong and CircleCI read their lists through it; links are checked
 * by `HttpClient.pageLink` (same origin, decision 204) before they are followed.
 */
export async function collectPages<T, C>(
  first: C,
  page: (cursor: C) => Promise<Page<T, C>>,
  maxPages: number,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: C | null | undefined = first;
  for (let i = 0; i < maxPages && cursor !== null && cursor !== undefined && cursor !== ''; i++) {
    const p: Page<T, C> = await page(cursor);
    out.push(...p.items);
    cursor = p.next;
  }
  return out;
}
