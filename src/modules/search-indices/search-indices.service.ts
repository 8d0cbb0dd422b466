import type { SearchConfig } from '../../config/search.js';
import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { resolveOrganizationContext } from '../organizations/index.js';
import { mapLimit } from '../../kernel/concurrency.js';
import type { SearchClusterPort } from './search-indices.ports.js';
import { searchIndicesRepository as repo, type SearchIndexRow } from './search-indices.repository.js';
import type { CreateLinkBody } from './search-indices.schemas.js';
import { matchesPattern, summarise, type IndexStats } from './search-indices.stats.js';
import { mayCarryCredentials, stillAllowed, validateSearchUrl } from './search-indices.urls.js';

export interface StatsEntry {
  indexId: string;
  indexPattern: string;
  searchUrl: string | null;
  reachable: boolean;
  stats?: IndexStats;
}

const toLink = (r: SearchIndexRow) => ({
  id: r.id,
  indexPattern: r.indexPattern,
  searchUrl: r.searchUrl,
  description: r.description,
  componentId: r.componentId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

interface SearchIndicesDeps {
  db: Database;
  cluster: SearchClusterPort;
  config: SearchConfig;
}

/** The links' index stats, one cluster call per cluster (decision 1170: cut out of createSearchIndicesService). */
function clusterStats({ cluster, config }: SearchIndicesDeps) {
  const effectiveUrl = (r: SearchIndexRow) => r.searchUrl ?? config.url ?? null;
  // Our credentials only go to the configured cluster and to hosts an operator allowlisted.
  const withCredentials = (url: string) => mayCarryCredentials(url, config);

  /** Stats of links sharing one cluster: one `_cat/indices` call for all their patterns. */
  async function statsFor(url: string | null, links: SearchIndexRow[]): Promise<StatsEntry[]> {
    const unreachable = () =>
      links.map((l) => ({ indexId: l.id, indexPattern: l.indexPattern, searchUrl: l.searchUrl, reachable: false }));
    // The cluster port connects through the outbound policy (decision 200): a refused address fails the call.
    if (!url || !stillAllowed(url, config)) return unreachable();
    const opts = { credentials: withCredentials(url) };
    try {
      const patterns = [...new Set(links.map((l) => l.indexPattern))];
      const perPattern = new Map<string, IndexStats>();
      const alone = async (p: string) =>
        perPattern.set(p, summarise(p, (await cluster.catIndices(url, [p], opts)) ?? []));
      // An exclusion (`-name`) applies to everything before it in a multi-target list, so a pattern
      // holding one would remove other links' indices from a shared call: such patterns are asked alone.
      const shared = patterns.filter((p) => !hasExclusion(p));
      let rows = shared.length ? await cluster.catIndices(url, shared, opts) : [];
      // A concrete index that does not exist makes the whole multi-target call 404: ask per pattern.
      if (rows === null) {
        for (const p of shared) await alone(p);
        rows = [];
      }
      for (const p of patterns.filter(hasExclusion)) await alone(p);
      return links.map((l) => ({
        indexId: l.id,
        indexPattern: l.indexPattern,
        searchUrl: l.searchUrl,
        reachable: true,
        stats:
          perPattern.get(l.indexPattern) ??
          summarise(
            l.indexPattern,
            rows!.filter((r) => matchesPattern(l.indexPattern, r.index)),
          ),
      }));
    } catch {
      return unreachable();
    }
  }

  return async function statsOf(links: SearchIndexRow[]): Promise<Map<string, StatsEntry>> {
    const byUrl = new Map<string | null, SearchIndexRow[]>();
    for (const l of links) {
      const url = effectiveUrl(l);
      if (!byUrl.has(url)) byUrl.set(url, []);
      byUrl.get(url)!.push(l);
    }
    const results = await mapLimit([...byUrl], 4, ([url, group]) => statsFor(url, group));
    return new Map(results.flat().map((e) => [e.indexId, e]));
  };
}

export function createSearchIndicesService(deps: SearchIndicesDeps) {
  const { db, config } = deps;
  const statsOf = clusterStats(deps);
  const ensureComponent = async (id: string) => {
    if (!(await catalogLookup.componentExists(db, id))) throw new NotFound('Component not found');
  };

  return {
    async list(_caller: Caller, componentId: string) {
      await ensureComponent(componentId);
      return (await repo.listForComponent(db, componentId)).map(toLink);
    },

    async create(caller: Caller, componentId: string, body: CreateLinkBody) {
      await ensureComponent(componentId);
      const searchUrl = body.searchUrl ? validateSearchUrl(body.searchUrl, config) : null;
      const row = await repo.insert(db, {
        componentId,
        organizationId: caller.organizationId,
        indexPattern: body.indexPattern.trim(),
        searchUrl,
        description: body.description ?? null,
      });
      return toLink(row);
    },

    /** A link made in an organization is removed by its members and global admins only (decision 201). */
    async remove(caller: Caller, componentId: string, indexId: string) {
      await ensureComponent(componentId);
      const link = await repo.find(db, componentId, indexId);
      if (!link) throw new NotFound('Search index link not found');
      if (link.organizationId && !caller.actor.isAdmin)
        await resolveOrganizationContext(db, caller.actor, link.organizationId);
      if (!(await repo.delete(db, componentId, indexId))) throw new NotFound('Search index link not found');
    },

    async stats(_caller: Caller, componentId: string): Promise<StatsEntry[]> {
      await ensureComponent(componentId);
      const links = await repo.listForComponent(db, componentId);
      const stats = await statsOf(links);
      return links.map((l) => stats.get(l.id)!);
    },

    /** Links grouped by component (components without links omitted), limited to the caller's organization when given. */
    async overview(caller: Caller) {
      const links = await repo.listAll(db, caller.organizationId);
      const stats = await statsOf(links);
      const groups = new Map<string, SearchIndexRow[]>();
      for (const l of links) {
        if (!groups.has(l.componentId)) groups.set(l.componentId, []);
        groups.get(l.componentId)!.push(l);
      }
      const items = await mapLimit([...groups], 8, async ([componentId, group]) => {
        const c = await catalogLookup.findComponent(db, componentId);
        return { componentId, componentName: c?.name ?? '', indices: group.map((l) => stats.get(l.id)!) };
      });
      return items.sort(
        (a, b) => a.componentName.localeCompare(b.componentName) || a.componentId.localeCompare(b.componentId),
      );
    },
  };
}

/** Whether a multi-target pattern holds an exclusion (`logs-*,-logs-old`). */
const hasExclusion = (pattern: string) => pattern.split(',').some((part, i) => i > 0 && part.trim().startsWith('-'));

export type SearchIndicesService = ReturnType<typeof createSearchIndicesService>;
