import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/kernel/types.js';

/** The cookie a start sets to bind the sign-in to the browser. */
export const STATE_COOKIE = 'hangar_oidc_state';

export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line ? line.slice(name.length + 1).split(';')[0] : undefined;
}

/** GET …/start: the provider's authorization URL and the state cookie's value. */
export async function startSignIn(app: App, provider: string, returnTo?: string) {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const res = await app.inject({ method: 'GET', url: `/api/v1/auth/oidc/${provider}/start${query}` });
  if (res.statusCode !== 302) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
  return { res, location: String(res.headers.location), stateCookie: cookieValue(res, STATE_COOKIE) };
}

/** The provider's redirect back, as the browser would follow it (with its state cookie, if any). */
export function finishSignIn(app: App, callback: URL, stateCookie?: string) {
  return app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: stateCookie ? { cookie: `${STATE_COOKIE}=${stateCookie}` } : {},
  });
}

/** A provider that answers its authorization URL at once with the redirect back (no login page). */
export async function followAuthorization(location: string): Promise<URL> {
  const res = await fetch(location, { redirect: 'manual' });
  const back = res.headers.get('location');
  if (!back) throw new Error(`the provider answered ${res.status}`);
  return new URL(back);
}
