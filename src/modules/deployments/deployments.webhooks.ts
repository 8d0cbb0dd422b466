import type { EventStatus } from './deployments.schemas.js';

/**
 * What GitHub, GitLab and Argo CD send about deployments, read as deployment events (decision 863).
 * Pure functions over a verified body; the receivers (ci module) verify and dispatch, the
 * deployments service resolves the entity and records.
 *
 * - GitHub `deployment_status` (webhook payload reference): `deployment_status.state` one of
 *   `queued`, `pending`, `in_progress`, `success`, `failure`, `error`, `inactive`; the deployment's
 *   `id`, `sha`, `ref`, `environment`, `payload`, `created_at`; `repository.full_name`.
 * - GitLab deployment events (`X-Gitlab-Event: Deployment Hook`): `status` one of `running`,
 *   `success`, `failed`, `canceled`; `deployment_id`, `environment`, `ref`, `short_sha`, `commit_url`,
 *   `deployable_url`, `status_changed_at` (`2021-04-28 21:50:00 +0200`), `project.path_with_namespace`.
 * - Argo CD notifications' webhook service: the body is the template the operator writes; Hangar's
 *   documented template (docs/modules/deployments.md) sends the application's name, environment,
 *   operation phase, revision and times; a template sending the whole Application (`{{toJson .app}}`
 *   under `app`) is read too.
 */
export type DeploymentAnnotation = 'github.com/project-slug' | 'gitlab.com/project-slug' | 'argocd/app-name';

export interface WebhookDeployment {
  source: 'github' | 'gitlab' | 'argocd';
  /** The entity is the one whose `annotation` is `key` (a repository slug, an application name)… */
  annotation: DeploymentAnnotation;
  key: string;
  /** …or, among several, the one this entity reference names (GitHub's deployment payload, Argo CD's body). */
  component?: string;
  externalId: string;
  environment: string;
  status: EventStatus;
  /** The system's own word for the status (logged). */
  platformStatus: string;
  version?: string;
  revision?: string;
  url?: string;
  startedAt?: string;
  finishedAt?: string;
}

export type WebhookReading = { ok: true; deployment: WebhookDeployment } | { ok: false; reason: string };

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
/** A non-empty string (numbers as text); Go templates render a missing value as `<no value>`. */
const str = (v: unknown, max = 300): string | undefined => {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return s && s !== '<no value>' && s.length <= max && !/[\u0000-\u001f\u007f]/.test(s) ? s : undefined;
};
const httpUrl = (v: unknown) => {
  const s = str(v, 2000);
  return s && /^https?:\/\/\S+$/i.test(s) ? s : undefined;
};
const isoTime = (v: unknown) => {
  const s = str(v, 100);
  if (!s) return undefined;
  // GitLab writes `2021-04-28 21:50:00 +0200`; Date reads it once it is ISO 8601.
  const gitlab = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(s);
  const d = new Date(gitlab ? `${gitlab[1]}T${gitlab[2]}${gitlab[3]}:${gitlab[4]}` : s);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};
/** A ref that names a release (`v2.4.1`, `2024.06.1`) is the version; a branch is not. */
const releaseRef = (ref: string | undefined) =>
  ref && /^v?\d+(\.\d+)+([-+][0-9A-Za-z.+-]*)?$/.test(ref) ? ref : undefined;
const ignored = (reason: string): WebhookReading => ({ ok: false, reason });

const GITHUB_STATES: Record<string, EventStatus> = {
  queued: 'started',
  pending: 'started',
  in_progress: 'started',
  success: 'succeeded',
  failure: 'failed',
  error: 'failed',
};

/** GitHub `deployment_status`. */
export function readGithubDeploymentStatus(body: Record<string, unknown>): WebhookReading {
  const ds = obj(body.deployment_status);
  const dep = obj(body.deployment);
  const repo = str(obj(body.repository).full_name);
  const state = str(ds.state)?.toLowerCase();
  const id = str(dep.id);
  if (!repo || !state || !id)
    return ignored('not a deployment_status delivery (no repository, state or deployment id)');
  // GitHub sets an older deployment `inactive` when a newer one replaces it: nothing was rolled back.
  const status = GITHUB_STATES[state];
  if (!status) return ignored(`deployment state "${state}" is not recorded`);
  const environment = str(ds.environment) ?? str(dep.environment);
  if (!environment) return ignored('the deployment names no environment');
  const payload = typeof dep.payload === 'string' ? parseJson(dep.payload) : obj(dep.payload);
  const sha = str(dep.sha, 100);
  return {
    ok: true,
    deployment: {
      source: 'github',
      annotation: 'github.com/project-slug',
      key: repo,
      component: str(obj(payload.hangar).component) ?? str(payload.component),
      externalId: id,
      environment,
      status,
      platformStatus: state,
      version: str(payload.version, 100) ?? releaseRef(str(dep.ref, 100)) ?? sha?.slice(0, 12),
      revision: sha,
      url: httpUrl(ds.log_url) ?? httpUrl(ds.target_url) ?? httpUrl(ds.environment_url),
      startedAt: isoTime(dep.created_at),
      finishedAt: status === 'started' ? undefined : isoTime(ds.created_at),
    },
  };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    return obj(JSON.parse(text));
  } catch {
    return {};
  }
}

const GITLAB_STATUSES: Record<string, EventStatus> = {
  running: 'started',
  success: 'succeeded',
  failed: 'failed',
  canceled: 'failed',
};

/** GitLab `Deployment Hook`. */
export function readGitlabDeployment(body: Record<string, unknown>): WebhookReading {
  const project = str(obj(body.project).path_with_namespace);
  const raw = str(body.status)?.toLowerCase();
  const id = str(body.deployment_id);
  if (body.object_kind !== 'deployment' || !project || !raw || !id)
    return ignored('not a deployment event (no project, status or deployment_id)');
  const status = GITLAB_STATUSES[raw];
  if (!status) return ignored(`deployment status "${raw}" is not recorded`);
  const environment = str(body.environment);
  if (!environment) return ignored('the deployment names no environment');
  // The full commit is the last segment of commit_url (`…/-/commit/<sha>`); short_sha otherwise.
  const fromUrl = /\/commit\/([0-9a-f]{40}|[0-9a-f]{64})\/?$/i.exec(str(body.commit_url, 2000) ?? '')?.[1];
  const revision = fromUrl ?? str(body.short_sha, 100);
  const at = isoTime(body.status_changed_at);
  return {
    ok: true,
    deployment: {
      source: 'gitlab',
      annotation: 'gitlab.com/project-slug',
      key: project,
      externalId: id,
      environment,
      status,
      platformStatus: raw,
      version: releaseRef(str(body.ref, 100)) ?? revision?.slice(0, 12),
      revision,
      url: httpUrl(body.deployable_url) ?? httpUrl(body.environment_external_url),
      startedAt: status === 'started' ? at : undefined,
      finishedAt: status === 'started' ? undefined : at,
    },
  };
}

const ARGOCD_PHASES: Record<string, EventStatus> = {
  running: 'started',
  succeeded: 'succeeded',
  failed: 'failed',
  error: 'failed',
};
const EVENT_WORDS = new Set<string>(['started', 'succeeded', 'failed', 'rolled_back']);

/** An Argo CD notification: Hangar's template (flat fields), or the whole Application under `app`. */
export function readArgocdNotification(body: Record<string, unknown>): WebhookReading {
  const app = obj(body.app);
  const meta = obj(app.metadata);
  const op = obj(obj(app.status).operationState);
  const name = str(body.app) ?? str(meta.name) ?? str(body.application);
  if (!name) return ignored('the notification names no application (field "app")');
  const explicit = str(body.status)?.toLowerCase();
  const phase = (str(body.phase) ?? str(op.phase))?.toLowerCase();
  const status =
    explicit && EVENT_WORDS.has(explicit) ? (explicit as EventStatus) : phase ? ARGOCD_PHASES[phase] : undefined;
  if (!status)
    return ignored(
      phase ? `operation phase "${phase}" is not recorded` : 'the notification carries no phase or status',
    );
  const environment = str(body.environment) ?? str(obj(meta.labels).environment);
  if (!environment) return ignored('the notification names no environment (field "environment")');
  const revision =
    str(body.revision, 100) ?? str(obj(op.syncResult).revision, 100) ?? str(obj(obj(op.operation).sync).revision, 100);
  const startedAt = isoTime(body.startedAt) ?? isoTime(op.startedAt);
  // One sync operation is one deployment: the application and the operation's start name it.
  const externalId =
    str(body.externalId, 200) ?? (startedAt ? `${name}@${startedAt}` : revision ? `${name}@${revision}` : undefined);
  if (!externalId) return ignored('the notification names no operation (send startedAt, revision or externalId)');
  return {
    ok: true,
    deployment: {
      source: 'argocd',
      annotation: 'argocd/app-name',
      key: name,
      component: str(body.component),
      externalId,
      environment,
      status,
      platformStatus: phase ?? explicit ?? status,
      version: str(body.version, 100) ?? revision?.slice(0, 12),
      revision,
      url: httpUrl(body.url),
      startedAt,
      finishedAt: status === 'started' ? undefined : (isoTime(body.finishedAt) ?? isoTime(op.finishedAt)),
    },
  };
}
