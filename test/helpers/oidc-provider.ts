import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { freePort } from './free-port.js';

/** A person at the test identity provider. */
export interface OidcTestUser {
  sub: string;
  password: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  groups?: string[];
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, OidcTestUser>;
  /** `OIDC_PROVIDERS` entry for Hangar. */
  entry(extra?: Record<string, unknown>): Record<string, unknown>;
  /**
   * Walks the provider's side of a sign-in as a browser would, without one: follows the authorization
   * URL, submits the login form, and answers the redirect back to Hangar's callback (the code and state).
   */
  signIn(authorizationUrl: string, login: string, password: string): Promise<URL>;
  close(): Promise<void>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error?: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test IdP sign-in</title></head><body><main>
<h1>Test identity provider</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<label>Username <input name="login" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Continue</button></form></main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/**
 * panva's `oidc-provider` (v9, certified OpenID Provider), started on a free local port with one
 * confidential client, a few people and a `groups` claim. Its login page is our own small form
 * (the provider's interactions API), so the same page serves the browser test and `signIn`.
 */
export async function startOidcProvider(opts: {
  redirectUris: string[];
  users?: OidcTestUser[];
}): Promise<OidcTestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'hangar';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  const users = new Map((opts.users ?? []).map((u) => [u.sub, u]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key-1', use: 'sig', alg: 'RS256' };
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_ctx, sub) {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          const { password: _password, ...claims } = user;
          return claims;
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, submit: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (!submit) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid));
      return;
    }
    const form = await formBody(req);
    const user = users.get(form.get('login') ?? '');
    if (!user || user.password !== form.get('password')) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(loginPage(uid, 'Wrong username or password'));
      return;
    }
    const grant = new provider.Grant({ accountId: user.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const server: Server = createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    interaction(req, res, match[1]!, req.method === 'POST' && !!match[2]).catch((err: Error) => {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(err.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    entry: (extra = {}) => ({
      id: 'corp',
      name: 'Corp SSO',
      issuer,
      clientId,
      clientSecret,
      scopes: ['openid', 'profile', 'email', 'groups'],
      groupsClaim: 'groups',
      ...extra,
    }),
    async signIn(authorizationUrl, login, password) {
      const jar = new Map<string, string>();
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const keep = (res: Response) => {
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
      };
      let url = new URL(authorizationUrl);
      let init: RequestInit = {};
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: { ...(init.headers ?? {}), cookie: cookieHeader() },
        });
        keep(res);
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          const next = new URL(location, url);
          if (next.origin !== issuer) return next;
          url = next;
          init = {};
          continue;
        }
        const html = await res.text();
        const action = /action="([^"]+)"/.exec(html)?.[1];
        if (!action) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
        if (html.includes('role="alert"') && init.method === 'POST') throw new Error('the provider refused the login');
        url = new URL(action.replace(/&#47;/g, '/'), url);
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login, password }).toString(),
        };
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
