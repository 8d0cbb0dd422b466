import { BadGateway } from '../kernel/errors.js';
import type {
  DiscoveredRepository,
  DiscoveryTarget,
  FileRead,
  ListedPage,
} from '../modules/discovery/discovery.ports.js';
import { parseJson, politeGet, type PoliteOptions, type PoliteResponse } from './polite-http.js';

/**
 * What the GitHub and GitLab discovery adapters share (decision 1123): a polite GET under the scan's
 * target (its in-flight bound, timeout, ledger and signal), URLs under the target's REST root, and the
 * reading of a listing page's and a catalog file's answers, which differ only in the provider's words.
 */
export type ProviderHttp = Pick<PoliteOptions, 'system' | 'remainingHeader' | 'resetHeader' | 'fetch'>;

export function targetGet(provider: ProviderHttp, t: DiscoveryTarget, url: URL, headers: Record<string, string>) {
  const { maxInFlight, timeoutMs, ledger, signal } = t;
  return politeGet({ ...provider, maxInFlight, timeoutMs, ledger, signal }, url, headers);
}

/** `path` under the target's REST root, with `query` set. */
export function targetUrl(t: DiscoveryTarget, path: string, query: Record<string, string> = {}) {
  const url = new URL(t.baseUrl.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

export const ifNoneMatch = (etag: string | null): Record<string, string> => (etag ? { 'if-none-match': etag } : {});

/** A listing page's answer: 304, the owner not found (`notFound`), or the page's repositories and its next link. */
export function listedPage<T>(
  res: PoliteResponse,
  { system, list, notFound }: { system: string; list: 'repository list' | 'project list'; notFound: string },
  toRepository: (item: T) => DiscoveredRepository,
  next: () => string | null,
): ListedPage {
  if (res.status === 304) return { notModified: true };
  if (res.status === 404) throw new BadGateway(notFound);
  if (res.status !== 200) throw new BadGateway(`${system} answered ${res.status} to the ${list}`);
  const items = parseJson<T[]>(res, system, `a ${list}`);
  if (!Array.isArray(items)) throw new BadGateway(`${system} answered a ${list} that is not an array`);
  return { notModified: false, repositories: items.map(toRepository), etag: res.headers.get('etag'), next: next() };
}

/** A catalog file's answer: unchanged (304), missing (404: no such file, branch or content), or its text. */
export function fileRead(res: PoliteResponse, system: string): FileRead {
  if (res.status === 304) return { status: 'not-modified' };
  if (res.status === 404) return { status: 'missing' };
  if (res.status !== 200) throw new BadGateway(`${system} answered ${res.status} to the catalog file`);
  return { status: 'found', text: res.text, etag: res.headers.get('etag') };
}
