// The browser session (decision 141): the access token lives in this module's memory only; the refresh token
// is the HttpOnly `hangar_refresh` cookie the server sets on login with `session: 'cookie'`, which scripts
// cannot read. A reload restores the session with one refresh call, or with the token of another open tab
// (decision 183). Nothing sensitive goes to web storage.
import { sessionTabs } from './session-tabs';
import { REFRESH_LEAD_S, refreshDelayMs, tokenExpiry } from './token-schedule';

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  displayName: string;
  roles: string[];
}

export interface SessionState {
  status: 'loading' | 'signed-in' | 'signed-out';
  user?: SessionUser;
}

let accessToken: string | undefined;
let state: SessionState = { status: 'loading' };
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<boolean> | undefined;
const listeners = new Set<() => void>();
const tokenListeners = new Set<(token: string | undefined) => void>();

const AUTH = '/api/v1/auth';
const RETRY_AFTER_OUTAGE_MS = 10_000;
/** Over the refresh limit (10 a minute per address), waits of at most a minute, a few times, before giving up (decision 183). */
const RATE_LIMIT_TRIES = 4;
/**
 * A page opened while the server answers 5xx (a database blip) tries the refresh this many times, a
 * second further apart each time, before it shows the sign-in page: a valid session is not signed out
 * by one failed answer (decision 1183).
 */
const BOOT_OUTAGE_TRIES = 4;
const RATE_LIMIT_MAX_WAIT_MS = 60_000;
const jsonPost = (path: string, body: unknown, token?: string) =>
  fetch(`${AUTH}/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

function setState(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

function setToken(token: string | undefined, lifetimeS?: number) {
  accessToken = token;
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  const exp = token ? tokenExpiry(token) : undefined;
  if (exp !== undefined) refreshTimer = setTimeout(() => void refresh(), refreshDelayMs(exp, Date.now(), lifetimeS));
  for (const l of tokenListeners) l(token);
}

export const session = {
  getState: () => state,
  getToken: () => accessToken,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Called with every new access token (the live connection re-authenticates with it). */
  onToken(listener: (token: string | undefined) => void) {
    tokenListeners.add(listener);
    return () => void tokenListeners.delete(listener);
  },
};

/** The API's error message of a failed answer, or a plain sentence when it has none. */
export async function errorMessage(res: Response): Promise<string> {
  const body = (await res.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof body?.message === 'string'
    ? body.message
    : `The server answered ${res.status} ${res.statusText}`.trim();
}

let identifying: Promise<boolean> | undefined;

/** Who the token belongs to, and their organizations; one request at a time (a tab's message may ask too). */
function loadIdentity(): Promise<boolean> {
  identifying ??= (async () => {
    const res = await fetch(`${AUTH}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!res.ok) return false;
    const body = (await res.json()) as { user: SessionUser; organizations?: Organization[] };
    organizations = body.organizations ?? [];
    setState({ status: 'signed-in', user: body.user });
    return true;
  })().finally(() => {
    identifying = undefined;
  });
  return identifying;
}

export interface Organization {
  id: string;
  name: string;
  slug: string;
  role: string;
}
let organizations: Organization[] = [];
export const sessionOrganizations = () => organizations;

/** True when `token` stays valid long enough not to need a refresh right away. */
function fresh(token: string | undefined): token is string {
  const exp = token ? tokenExpiry(token) : undefined;
  return exp !== undefined && exp * 1000 - Date.now() > REFRESH_LEAD_S * 1000;
}

/** Seconds of `Retry-After`, as a wait in milliseconds within bounds. */
const retryAfterMs = (res: Response) =>
  Math.min(RATE_LIMIT_MAX_WAIT_MS, Math.max(1_000, (Number(res.headers.get('retry-after')) || 10) * 1000));

/** How long to wait before asking for the refresh again, or undefined to act on this answer. */
function retryWait(res: Response, attempt: number): number | undefined {
  // Too many refreshes from this address (many tabs, or many people behind one proxy): the session is
  // still good, so wait as told rather than signing the person out.
  if (res.status === 429 && attempt < RATE_LIMIT_TRIES) return retryAfterMs(res);
  // A page opened during a database blip: a second further apart each time (decision 1183).
  if (res.status >= 500 && state.status !== 'signed-in' && attempt < BOOT_OUTAGE_TRIES) return attempt * 1_000;
  return undefined;
}

/** Exchanges the refresh cookie for a new access token; one request at a time across tabs. False when there is no valid cookie. */
export function refresh(): Promise<boolean> {
  const had = accessToken;
  refreshing ??= sessionTabs
    .exclusive(async () => {
      // Another tab refreshed while this one waited for the lock, and sent its token: use it.
      if (accessToken !== had && fresh(accessToken)) return state.status === 'signed-in' || (await loadIdentity());
      for (let attempt = 1; ; attempt++) {
        const res = await jsonPost('refresh', { session: 'cookie' });
        const wait = retryWait(res, attempt);
        if (wait !== undefined) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        if ((res.status >= 500 || res.status === 429) && state.status === 'signed-in') {
          // The server is in trouble, not the session: keep the current token and try again shortly.
          clearTimeout(refreshTimer);
          refreshTimer = setTimeout(() => void refresh(), RETRY_AFTER_OUTAGE_MS);
          return false;
        }
        if (!res.ok) {
          setToken(undefined);
          setState({ status: 'signed-out' });
          return false;
        }
        const body = (await res.json()) as { token: string; expiresIn?: number };
        setToken(body.token, body.expiresIn);
        sessionTabs.announce({ type: 'token', token: body.token, expiresIn: body.expiresIn });
        if (state.status !== 'signed-in') return await loadIdentity();
        return true;
      }
    })
    .catch(() => state.status === 'signed-in') // Network failure: keep the current state; the next request reports the error.
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/** Signs in; resolves to an error message for the form, or undefined on success. */
export async function signIn(username: string, password: string): Promise<string | undefined> {
  const res = await jsonPost('login', { username, password, session: 'cookie' });
  if (!res.ok) return res.status === 401 ? 'Wrong username or password.' : await errorMessage(res);
  const body = (await res.json()) as { token: string; expiresIn?: number; user: SessionUser };
  setToken(body.token, body.expiresIn);
  sessionTabs.announce({ type: 'token', token: body.token, expiresIn: body.expiresIn });
  if (!(await loadIdentity())) setState({ status: 'signed-in', user: body.user });
  return undefined;
}

/** Registers an account, then signs in with it. */
export async function register(input: {
  username: string;
  email: string;
  password: string;
  displayName?: string;
}): Promise<string | undefined> {
  const res = await jsonPost('register', input);
  if (!res.ok) return await errorMessage(res);
  return signIn(input.username, input.password);
}

/** Signs out here (revokes this cookie's refresh token), or everywhere (every refresh token of the user). */
export async function signOut(everywhere = false): Promise<void> {
  await jsonPost('logout', { everywhere }, accessToken).catch(() => undefined);
  sessionTabs.announce({ type: 'signed-out' });
  forget();
}

function forget() {
  organizations = [];
  setToken(undefined);
  setState({ status: 'signed-out' });
}

// The other tabs of this browser (decision 183): adopt a newer token (signing in here too), answer a new
// tab's question, follow a sign-out.
sessionTabs.listen((message) => {
  if (message.type === 'signed-out') forget();
  else if (message.type === 'ask') {
    if (state.status === 'signed-in' && fresh(accessToken)) sessionTabs.announce({ type: 'token', token: accessToken });
  } else if (
    message.type === 'token' &&
    (tokenExpiry(message.token) ?? 0) > (accessToken ? (tokenExpiry(accessToken) ?? 0) : 0)
  ) {
    setToken(message.token, message.expiresIn);
    if (state.status !== 'signed-in') void loadIdentity();
  }
});

/** On start: another open tab's token, or a valid refresh cookie, restores the session without asking for the password again. */
export async function restoreSession(): Promise<boolean> {
  const shared = await sessionTabs.ask();
  if (shared && fresh(shared.token)) {
    if (!fresh(accessToken)) setToken(shared.token, shared.expiresIn); // unless its message was adopted already
    if (state.status === 'signed-in' || (await loadIdentity())) return true;
  }
  return refresh();
}
