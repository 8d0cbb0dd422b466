/**
 * Why a single sign-on was refused, as the portal's `/sign-in?error=<reason>` says it (decision 831).
 * The details go to the server log only.
 */
export type SignInRefusalReason = 'state' | 'denied' | 'exchange' | 'token' | 'domain' | 'disabled' | 'unavailable';

export class SignInRefused extends Error {
  constructor(
    readonly reason: SignInRefusalReason,
    /** For the log: never shown to the person, never holding a token or a code. */
    readonly detail: string,
  ) {
    super(`sign-in refused (${reason}): ${detail}`);
  }
}

/** What a verified ID token says about the person. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  preferredUsername: string | undefined;
  name: string | undefined;
  /** Every claim, for the configured groups claim. */
  claims: Record<string, unknown>;
}

/** One OpenID Connect provider, as the relying party sees it (adapter: src/integrations/oidc/). */
export interface OidcProviderPort {
  /** The provider's authorization endpoint with the request's parameters; SignInRefused('unavailable') when discovery fails. */
  authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /**
   * Checks the authorization response, exchanges the code (with the PKCE verifier) and verifies the
   * ID token: signature, issuer, audience, expiry, nonce. SignInRefused on any failure.
   */
  exchange(input: {
    callbackUrl: URL;
    expectedState: string;
    expectedNonce: string;
    codeVerifier: string;
  }): Promise<OidcIdentity>;
}

/** The configured providers by id. */
export type OidcProviders = ReadonlyMap<string, OidcProviderPort>;
