import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/** What the next ID token is like: a good one, or one forgery (decision 831's refusals). */
export type IdTokenKind =
  | 'good'
  | 'skewed-within-60s'
  | 'other-issuer'
  | 'other-audience'
  | 'expired'
  | 'alg-none'
  | 'hs256-with-public-key'
  | 'wrong-nonce'
  | 'foreign-key'
  | 'es384';

export interface CraftedOidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The kind of ID token the token endpoint answers next, and the claims it carries besides the standard ones. */
  next: { kind: IdTokenKind; claims: Record<string, unknown> };
  entry(extra?: Record<string, unknown>): Record<string, unknown>;
  /** A key rotation: a new signing key (new `kid`) is published and signs every token from now on. */
  rotate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A tiny OpenID provider of our own for the token-level forgeries a certified provider never sends:
 * discovery, a JWKS, an authorization endpoint that answers at once with a code, and a token endpoint
 * whose ID token the test chooses (signed with `jose`). It advertises `none` and `HS256` as
 * supported on purpose: refusing them must not depend on the provider's honesty.
 */
export async function startCraftedOidcServer(): Promise<CraftedOidcServer> {
  let rsa = await generateKeyPair('RS256', { extractable: true });
  let rsaKid = 'rsa-1';
  const ec384 = await generateKeyPair('ES384', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const publicPem = await exportSPKI(rsa.publicKey);
  const jwks = {
    keys: [
      { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', use: 'sig', alg: 'RS256' },
      { ...(await exportJWK(ec384.publicKey)), kid: 'ec-1', use: 'sig', alg: 'ES384' },
    ],
  };
  const clientId = 'hangar-crafted';
  const clientSecret = 'crafted-secret-0123456789';
  const codes = new Map<string, { nonce: string; redirectUri: string }>();
  let issuer = '';

  const sign = async (payload: Record<string, unknown>, alg: string, key: CryptoKey | Uint8Array, kid?: string) =>
    new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT', ...(kid ? { kid } : {}) }).sign(key);

  async function idToken(nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { kind, claims } = state.next;
    const payload: Record<string, unknown> = {
      iss: issuer,
      aud: clientId,
      sub: 'crafted-sub',
      iat: now,
      exp: now + 300,
      nonce,
      ...claims,
    };
    if (kind === 'skewed-within-60s') Object.assign(payload, { iat: now - 600, exp: now - 30 });
    if (kind === 'other-issuer') payload.iss = 'https://evil.example';
    if (kind === 'other-audience') payload.aud = 'someone-else';
    if (kind === 'expired') Object.assign(payload, { iat: now - 900, exp: now - 120 });
    if (kind === 'wrong-nonce') payload.nonce = 'not-the-nonce-of-this-sign-in';
    switch (kind) {
      case 'alg-none':
        return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
      case 'hs256-with-public-key':
        return sign(payload, 'HS256', new TextEncoder().encode(publicPem), rsaKid);
      case 'foreign-key':
        return sign(payload, 'RS256', foreign.privateKey, rsaKid);
      case 'es384':
        return sign(payload, 'ES384', ec384.privateKey, 'ec-1');
      default:
        return sign(payload, 'RS256', rsa.privateKey, rsaKid);
    }
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256', 'ES384', 'HS256', 'none'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, jwks);
    if (url.pathname === '/authorize') {
      const code = randomBytes(16).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { nonce: url.searchParams.get('nonce') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant) return json(400, { error: 'invalid_grant' });
        idToken(grant.nonce).then(
          (id_token) =>
            json(200, {
              access_token: randomBytes(16).toString('hex'),
              token_type: 'Bearer',
              expires_in: 300,
              id_token,
            }),
          () => json(500, { error: 'server_error' }),
        );
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: CraftedOidcServer = {
    issuer,
    clientId,
    clientSecret,
    next: { kind: 'good', claims: {} },
    entry: (extra = {}) => ({ id: 'crafted', name: 'Crafted IdP', issuer, clientId, clientSecret, ...extra }),
    async rotate() {
      rsa = await generateKeyPair('RS256', { extractable: true });
      rsaKid = `rsa-${jwks.keys.length + 1}`;
      jwks.keys.push({ ...(await exportJWK(rsa.publicKey)), kid: rsaKid, use: 'sig', alg: 'RS256' });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return state;
}
