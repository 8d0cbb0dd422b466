import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInRefused, type OidcProviderPort } from '../../src/modules/auth/auth.ports.js';

export interface OidcProviderSubject {
  port: OidcProviderPort;
  /** The issuer the port's identities name. */
  issuer: string;
  redirectUri: string;
  /** The provider's side of a sign-in by `login`: from the authorization URL to the redirect back. */
  signIn(authorizationUrl: URL, login: string): Promise<URL>;
  close?(): Promise<void>;
}

// RFC 7636, appendix B.
const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/**
 * What single sign-on relies on from an OpenID provider port (decisions 510, 831): an authorization
 * URL carrying the request, and an exchange that answers the verified identity once per code, or a
 * SignInRefused with the reason the sign-in page says. Person `alice`: verified email, groups ["platform"].
 */
export function oidcProviderContract(name: string, make: () => Promise<OidcProviderSubject>) {
  describe(`oidc-provider port contract: ${name}`, () => {
    let s: OidcProviderSubject;
    beforeAll(async () => {
      s = await make();
    });
    afterAll(() => s?.close?.());

    const start = (state: string, nonce: string) =>
      s.port.authorizationUrl({ redirectUri: s.redirectUri, state, nonce, codeChallenge: challenge });

    it('the authorization URL carries the redirect URI, state, nonce and the S256 challenge', async () => {
      const url = await start('state-1', 'nonce-1');
      expect(url.searchParams.get('redirect_uri')).toBe(s.redirectUri);
      expect(url.searchParams.get('state')).toBe('state-1');
      expect(url.searchParams.get('nonce')).toBe('nonce-1');
      expect(url.searchParams.get('code_challenge')).toBe(challenge);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('scope')).toContain('openid');
    });

    it('exchanges a code once for the verified identity with every claim', async () => {
      const callbackUrl = await s.signIn(await start('state-2', 'nonce-2'), 'alice');
      expect(callbackUrl.href.startsWith(s.redirectUri)).toBe(true);
      const identity = await s.port.exchange({
        callbackUrl,
        expectedState: 'state-2',
        expectedNonce: 'nonce-2',
        codeVerifier: verifier,
      });
      expect(identity).toMatchObject({
        issuer: s.issuer,
        subject: 'alice',
        email: 'alice@example.com',
        emailVerified: true,
        name: 'Alice',
      });
      expect(identity.claims.groups).toEqual(['platform']);
      const again = s.port.exchange({
        callbackUrl,
        expectedState: 'state-2',
        expectedNonce: 'nonce-2',
        codeVerifier: verifier,
      });
      await expect(again).rejects.toBeInstanceOf(SignInRefused);
      await expect(again).rejects.toMatchObject({ reason: 'exchange' });
    });

    it('a wrong PKCE verifier is refused at the exchange', async () => {
      const callbackUrl = await s.signIn(await start('state-3', 'nonce-3'), 'alice');
      await expect(
        s.port.exchange({
          callbackUrl,
          expectedState: 'state-3',
          expectedNonce: 'nonce-3',
          codeVerifier: 'x'.repeat(43),
        }),
      ).rejects.toMatchObject({
        reason: 'exchange',
      });
    });

    it("another nonce than the sign-in's is refused as the token's", async () => {
      const callbackUrl = await s.signIn(await start('state-4', 'nonce-4'), 'alice');
      await expect(
        s.port.exchange({ callbackUrl, expectedState: 'state-4', expectedNonce: 'other', codeVerifier: verifier }),
      ).rejects.toMatchObject({
        reason: 'token',
      });
    });

    it("the provider's error in the redirect back is a denial", async () => {
      const callbackUrl = new URL(s.redirectUri);
      callbackUrl.search = new URLSearchParams({ error: 'access_denied', state: 'state-5', iss: s.issuer }).toString();
      await expect(
        s.port.exchange({ callbackUrl, expectedState: 'state-5', expectedNonce: 'n', codeVerifier: verifier }),
      ).rejects.toMatchObject({
        reason: 'denied',
      });
    });
  });
}
