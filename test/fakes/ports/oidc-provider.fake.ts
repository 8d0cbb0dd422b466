import { createHash, randomBytes } from 'node:crypto';
import { SignInRefused, type OidcIdentity, type OidcProviderPort } from '../../../src/modules/auth/auth.ports.js';

/** A person the fake provider signs in: its claims, `sub` included. */
export type FakeOidcPerson = Record<string, unknown> & { sub: string };

/**
 * An OpenID provider in memory (decision 510): authorization URLs at `issuer/authorize`, one code per
 * `signIn`, each exchanged once with the PKCE verifier of its challenge, and the identity of the person
 * it was made for. Held to the same contract as the openid-client adapter.
 */
export class FakeOidcProvider implements OidcProviderPort {
  private readonly codes = new Map<
    string,
    { person: FakeOidcPerson; nonce: string; challenge: string; redirectUri: string }
  >();

  constructor(
    readonly issuer: string,
    readonly people: Map<string, FakeOidcPerson>,
  ) {}

  async authorizationUrl(input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
  }): Promise<URL> {
    const url = new URL(`${this.issuer}/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: input.redirectUri,
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url;
  }

  /** The provider's side: the person signs in, the browser is sent back with a code. */
  signIn(authorizationUrl: URL, login: string): URL {
    const person = this.people.get(login);
    if (!person) throw new Error(`no person ${login} at the fake provider`);
    const p = authorizationUrl.searchParams;
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, {
      person,
      nonce: p.get('nonce')!,
      challenge: p.get('code_challenge')!,
      redirectUri: p.get('redirect_uri')!,
    });
    const back = new URL(p.get('redirect_uri')!);
    back.search = new URLSearchParams({ code, state: p.get('state')!, iss: this.issuer }).toString();
    return back;
  }

  async exchange(input: {
    callbackUrl: URL;
    expectedState: string;
    expectedNonce: string;
    codeVerifier: string;
  }): Promise<OidcIdentity> {
    const q = input.callbackUrl.searchParams;
    if (q.get('error')) throw new SignInRefused('denied', `the provider answered ${q.get('error')}`);
    if (q.get('state') !== input.expectedState) throw new SignInRefused('state', 'state mismatch');
    const grant = this.codes.get(q.get('code') ?? '');
    this.codes.delete(q.get('code') ?? '');
    if (!grant) throw new SignInRefused('exchange', 'invalid_grant: unknown or used code');
    if (createHash('sha256').update(input.codeVerifier).digest('base64url') !== grant.challenge)
      throw new SignInRefused('exchange', 'invalid_grant: PKCE');
    if (grant.nonce !== input.expectedNonce) throw new SignInRefused('token', 'nonce mismatch');
    const claims: Record<string, unknown> = { iss: this.issuer, ...grant.person };
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      issuer: this.issuer,
      subject: grant.person.sub,
      email: text(claims.email)?.toLowerCase(),
      emailVerified: claims.email_verified === true,
      preferredUsername: text(claims.preferred_username),
      name: text(claims.name),
      claims,
    };
  }
}
