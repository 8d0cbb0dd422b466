import type { Caller } from '../../kernel/caller.js';
import type { SourceRow } from './discovery.repository.js';

/**
 * GitHub `push` and `repository`, GitLab `Push Hook` and `System Hook` project events (decision
 * 1015), dispatched by the ci module's receivers once verified (X-Hub-Signature-256, X-Gitlab-Token).
 * A push to the read branch touching the catalog file, or any rename, transfer, archive or deletion,
 * queues a refresh of that one repository; everything else is answered 202 with the reason.
 */
export interface ReceiverAnswer {
  statusCode: 200 | 202;
  outcome: string;
  reason: string | null;
  deploymentId: null;
}
type Delivery = { body: Record<string, unknown>; caller: Caller };

export interface WebhookDeps {
  sourcesFor(caller: Caller, provider: 'github' | 'gitlab'): Promise<SourceRow[]>;
  queueRefresh(sourceId: string, externalId: string): Promise<void>;
}

const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const ignored = (reason: string): ReceiverAnswer => ({
  statusCode: 202,
  outcome: 'ignored',
  reason,
  deploymentId: null,
});
/**
 * Commits a push delivery lists at most (decision 1034): GitHub's webhook deliveries 2,048 (its limit
 * of 20 is the timeline's), GitLab's Push Hook 20 (with `total_commits_count`). At the cap, any
 * commit left out may touch the file.
 */
const LISTED_COMMITS = { github: 2048, gitlab: 20 } as const;

/** Whether the push's commits touch `path` (added, modified or removed). */
function touches(provider: 'github' | 'gitlab', commits: unknown, path: string, total: number | null) {
  const list = Array.isArray(commits) ? commits.map(obj) : [];
  if (list.length >= LISTED_COMMITS[provider] || (total !== null && total > list.length)) return true;
  return list.some((c) =>
    ['added', 'modified', 'removed'].some((k) => Array.isArray(c[k]) && (c[k] as unknown[]).includes(path)),
  );
}

const under = (fullName: string | null, owner: string) =>
  fullName !== null && fullName.toLowerCase().startsWith(`${owner.toLowerCase()}/`);
const REPOSITORY_ACTIONS = [
  'renamed',
  'archived',
  'unarchived',
  'deleted',
  'transferred',
  'edited',
  'created',
  'privatized',
  'publicized',
];
const PROJECT_EVENTS = ['project_create', 'project_destroy', 'project_rename', 'project_transfer', 'project_update'];

/** Queues a refresh of the repository in every source that reads it (decision 1170: the receivers' shared steps). */
function refreshQueuer(deps: WebhookDeps) {
  return async function queue(sources: SourceRow[], externalId: string, what: string): Promise<ReceiverAnswer> {
    if (sources.length === 0) return ignored(`no discovery source reads ${what}`);
    for (const s of sources) await deps.queueRefresh(s.id, externalId);
    return { statusCode: 200, outcome: 'refresh-queued', reason: null, deploymentId: null };
  };
}

/** A push to the read branch touching a source's catalog file queues a refresh. */
function pushReceiver(deps: WebhookDeps) {
  const queue = refreshQueuer(deps);
  return async function push(
    provider: 'github' | 'gitlab',
    d: Delivery,
    repo: { id: string | null; fullName: string | null; defaultBranch: string | null },
    total: number | null,
  ) {
    if (!repo.id) return ignored('the push names no repository');
    const ref = str(d.body.ref);
    const sources = (await deps.sourcesFor(d.caller, provider)).filter(
      (s) =>
        under(repo.fullName, s.owner) &&
        ref === `refs/heads/${s.branch ?? repo.defaultBranch}` &&
        touches(provider, d.body.commits, s.filePath, total),
    );
    return queue(
      sources,
      repo.id,
      `${repo.fullName ?? 'this repository'} at ${ref ?? 'this ref'} with a change to its catalog file`,
    );
  };
}

export function discoveryReceivers(deps: WebhookDeps) {
  return { github: githubReceivers(deps), gitlab: gitlabReceivers(deps) };
}

function githubReceivers(deps: WebhookDeps) {
  const queue = refreshQueuer(deps);
  const push = pushReceiver(deps);
  return {
    push: async (d: Delivery) => {
      const r = obj(d.body.repository);
      return push(
        'github',
        d,
        { id: str(r.id), fullName: str(r.full_name), defaultBranch: str(r.default_branch) ?? str(r.master_branch) },
        null,
      );
    },
    repository: async (d: Delivery) => {
      const r = obj(d.body.repository);
      const action = str(d.body.action);
      if (!REPOSITORY_ACTIONS.includes(action ?? '')) {
        return ignored(`repository action ${action ?? 'none'} changes nothing discovery reads`);
      }
      const id = str(r.id);
      if (!id) return ignored('the event names no repository');
      const fullName = str(r.full_name);
      const oldOwner = str(obj(obj(obj(d.body.changes).owner).from).login);
      const sources = (await deps.sourcesFor(d.caller, 'github')).filter(
        (s) => under(fullName, s.owner) || (oldOwner !== null && oldOwner.toLowerCase() === s.owner.toLowerCase()),
      );
      return queue(sources, id, fullName ?? 'this repository');
    },
  };
}

function gitlabReceivers(deps: WebhookDeps) {
  const queue = refreshQueuer(deps);
  const push = pushReceiver(deps);
  return {
    'Push Hook': async (d: Delivery) => {
      const p = obj(d.body.project);
      const total = typeof d.body.total_commits_count === 'number' ? d.body.total_commits_count : null;
      return push(
        'gitlab',
        d,
        {
          id: str(d.body.project_id) ?? str(p.id),
          fullName: str(p.path_with_namespace),
          defaultBranch: str(p.default_branch),
        },
        total,
      );
    },
    'System Hook': async (d: Delivery) => {
      const event = str(d.body.event_name);
      if (!PROJECT_EVENTS.includes(event ?? '')) {
        return ignored(`system hook ${event ?? 'unnamed'} changes nothing discovery reads`);
      }
      const id = str(d.body.project_id);
      if (!id) return ignored('the event names no project');
      const paths = [str(d.body.path_with_namespace), str(d.body.old_path_with_namespace)];
      const sources = (await deps.sourcesFor(d.caller, 'gitlab')).filter((s) => paths.some((p) => under(p, s.owner)));
      return queue(sources, id, paths[0] ?? 'this project');
    },
  };
}
