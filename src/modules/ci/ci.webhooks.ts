import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verification and reading of the platforms' webhook deliveries (decision 618, "Credentials and
 * CI/CD platforms"). Pure functions: the routes verify and queue, the `ci.webhook` job maps.
 */
export const WEBHOOK_PLATFORMS = ['cloudci', 'serverci', 'hostedci'] as const;
export type WebhookPlatform = (typeof WEBHOOK_PLATFORMS)[number];

/** The common status vocabulary of `ci.build.updated` (the platform's own value rides along as `platformStatus`). */
export type CiBuildStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'unknown';

export interface CiBuildUpdated {
  platform: WebhookPlatform;
  id: string;
  name: string;
  status: CiBuildStatus;
  url: string | null;
  receivedAt: string;
  platformStatus: string | null;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

/** Constant-time equality of two secrets of any length (both hashed first, so lengths never leak). */
export function safeEqual(provided: string, expected: string): boolean {
  return timingSafeEqual(sha256(provided), sha256(expected));
}

/**
 * `cloudci-signature: v1=<hex HMAC-SHA256 of the raw body>`; several comma-separated signatures are
 * allowed (as during a secret rotation on the platform's side): any valid `v1` one passes.
 */
export function verifySignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', secret).update(raw).digest('hex');
  let ok = false;
  for (const part of header.split(',')) {
    const [scheme, value] = part.trim().split('=', 2);
    // Every candidate is compared (no early exit), so timing does not tell which one matched.
    if (scheme === 'v1' && value && safeEqual(value.trim().toLowerCase(), expected)) ok = true;
  }
  return ok;
}

/** A JSON body, or a form body whose `payload` field holds JSON (as Travis CI sends); empty: `{}`. Undefined: unreadable. */
export function readWebhookBody(raw: Buffer, contentType: string | undefined): Record<string, unknown> | undefined {
  const text = raw.toString('utf8').trim();
  // A verified call without a body (a bare ping of a trigger plugin) is still a valid call.
  if (text === '') return {};
  const asObject = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  const json = (s: string) => {
    try {
      return asObject(JSON.parse(s));
    } catch {
      return undefined;
    }
  };
  const form =
    (contentType ?? '').toLowerCase().includes('application/x-www-form-urlencoded') ||
    (!text.startsWith('{') && text.includes('='));
  if (!form) return json(text);
  const params = new URLSearchParams(text);
  const payload = params.get('payload');
  if (payload !== null) return json(payload);
  return Object.fromEntries(params.entries());
}

/**
 * The delivery's identity for replay detection: the id the platform gives it (CircleCI's event `id`,
 * or an `X-Delivery-Id` header), else null. Without one a delivery is always processed: two
 * identical bodies are not necessarily one delivery sent twice (decision 618: a valid call emits).
 */
export function deliveryIdOf(
  platform: WebhookPlatform,
  body: Record<string, unknown>,
  header: string | undefined,
): string | null {
  if (platform === 'cloudci' && typeof body.id === 'string' && body.id !== '' && body.id.length <= 200)
    return `id:${body.id}`;
  if (header && header.length <= 200) return `h:${header}`;
  return null;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const CIRCLECI_STATUS: Record<string, CiBuildStatus> = {
  success: 'succeeded',
  running: 'running',
  failing: 'running',
  on_hold: 'queued',
  queued: 'queued',
  not_running: 'queued',
  blocked: 'queued',
  failed: 'failed',
  error: 'failed',
  infrastructure_fail: 'failed',
  timedout: 'failed',
  unauthorized: 'failed',
  'terminated-unknown': 'failed',
  canceled: 'cancelled',
  not_run: 'cancelled',
};
const JENKINS_RESULT: Record<string, CiBuildStatus> = {
  SUCCESS: 'succeeded',
  FAILURE: 'failed',
  UNSTABLE: 'failed',
  ABORTED: 'cancelled',
  NOT_BUILT: 'cancelled',
};
const JENKINS_PHASE: Record<string, CiBuildStatus> = { QUEUED: 'queued', STARTED: 'running' };
const TRAVIS_STATE: Record<string, CiBuildStatus> = {
  passed: 'succeeded',
  failed: 'failed',
  errored: 'failed',
  canceled: 'cancelled',
  cancelled: 'cancelled',
  started: 'running',
  created: 'queued',
  received: 'queued',
  queued: 'queued',
};
const TRAVIS_MESSAGE: Record<string, CiBuildStatus> = {
  pending: 'running',
  passed: 'succeeded',
  fixed: 'succeeded',
  broken: 'failed',
  failed: 'failed',
  'still failing': 'failed',
  errored: 'failed',
  canceled: 'cancelled',
};

type Mapped = Omit<CiBuildUpdated, 'platform' | 'receivedAt'>;

/** CircleCI `workflow-completed` / `job-completed` events. */
function fromCircleCi(body: Record<string, unknown>): Mapped | null {
  const workflow = obj(body.workflow);
  const job = obj(body.job);
  const project = obj(body.project);
  const subject = body.type === 'job-completed' || (!workflow.id && job.id) ? job : workflow;
  const id = str(subject.id);
  if (!id) return null;
  const raw = str(subject.status) ?? null;
  const projectName = str(project.slug) ?? str(project.name);
  const name = str(subject.name) ?? id;
  return {
    id,
    name: projectName ? `${projectName}/${name}` : name,
    status: (raw && CIRCLECI_STATUS[raw]) || 'unknown',
    url: str(workflow.url) ?? null,
    platformStatus: raw,
  };
}

/** Jenkins Notification plugin (`{name, build: {number, phase, status, full_url}}`) or a flat `{name, number, result, url}`. */
function fromJenkins(body: Record<string, unknown>): Mapped | null {
  const build = obj(body.build);
  const name = str(body.name) ?? str(body.job) ?? str(body.display_name);
  const number = str(build.number) ?? str(body.number) ?? str(body.build_number);
  if (!name || !number) return null;
  const result = (str(build.status) ?? str(body.result) ?? str(body.status))?.toUpperCase();
  const phase = (str(build.phase) ?? str(body.phase))?.toUpperCase();
  let status: CiBuildStatus = 'unknown';
  if (phase && JENKINS_PHASE[phase]) status = JENKINS_PHASE[phase];
  else if (result && JENKINS_RESULT[result]) status = JENKINS_RESULT[result];
  else if (!result && !phase) status = 'running';
  return {
    id: `${name}#${number}`,
    name,
    status,
    url: str(build.full_url) ?? str(body.url) ?? str(build.url) ?? null,
    platformStatus: result ?? phase ?? null,
  };
}

/** Travis CI's webhook notification (`payload` form field). */
function fromTravis(body: Record<string, unknown>): Mapped | null {
  const id = str(body.id);
  if (!id) return null;
  const repo = obj(body.repository);
  const owner = str(repo.owner_name);
  const repoName = str(repo.name);
  const state = str(body.state)?.toLowerCase();
  const message = str(body.status_message)?.toLowerCase();
  const status = (state && TRAVIS_STATE[state]) || (message && TRAVIS_MESSAGE[message]) || 'unknown';
  return {
    id,
    name: owner && repoName ? `${owner}/${repoName}` : (repoName ?? str(body.number) ?? id),
    status,
    url: str(body.build_url) ?? null,
    platformStatus: state ?? message ?? null,
  };
}

/** Any platform's words for a status, for bodies in no known shape. */
const GENERIC_STATUS: Record<string, CiBuildStatus> = {
  ...TRAVIS_MESSAGE,
  ...TRAVIS_STATE,
  ...CIRCLECI_STATUS,
  ...Object.fromEntries(Object.entries(JENKINS_RESULT).map(([k, v]) => [k.toLowerCase(), v])),
  succeeded: 'succeeded',
  failure: 'failed',
  unstable: 'failed',
  aborted: 'cancelled',
  in_progress: 'running',
  building: 'running',
  scheduled: 'queued',
};

/** A body in no known shape: the usual top-level names (`id`, `name`, `status`/`result`/`state`, `url`). */
function generic(body: Record<string, unknown>, fallbackId: string): Mapped {
  const raw = str(body.status) ?? str(body.result) ?? str(body.state) ?? null;
  return {
    id: str(body.id) ?? str(body.number) ?? fallbackId,
    name: str(body.name) ?? str(body.job) ?? str(body.project) ?? str(body.repository) ?? 'unknown',
    status: (raw && GENERIC_STATUS[raw.toLowerCase()]) || 'unknown',
    url: str(body.url) ?? str(body.build_url) ?? null,
    platformStatus: raw,
  };
}

/**
 * The event a delivery reports: read in the platform's own shape, else from the usual top-level
 * names (a verified delivery always produces an event; `fallbackId` identifies one that names no build).
 */
export function toBuildEvent(
  platform: WebhookPlatform,
  body: Record<string, unknown>,
  receivedAt: string,
  fallbackId = 'unknown',
): CiBuildUpdated {
  const mapped =
    (platform === 'cloudci' ? fromCircleCi(body) : platform === 'serverci' ? fromJenkins(body) : fromTravis(body)) ??
    generic(body, fallbackId);
  return { platform, ...mapped, receivedAt };
}
