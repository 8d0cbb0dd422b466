import { AsyncLocalStorage } from 'node:async_hooks';
import type { Configuration } from 'openid-client';
import type { OidcProviderConfig } from '../../config/identity.js';
import { SignInRefused, type OidcIdentity, type OidcProviderPort } from '../../modules/auth/auth.ports.js';

type OpenIdClient = typeof import('openid-client');

/** Discovery is redone this often, so a provider's moved endpoints are followed without a restart. */
const DISCOVERY_TTL_MS = 3_600_000;
/** After a failed discovery, sign-ins are refused at once for this long instead of each waiting for the timeout. */
const DISCOVERY_RETRY_MS = 5_000;
/** ID token signatures accepted (decision 831): asymmetric only, so never `none` and never HMAC keyed with a public key. */
const ALGORITHMS = new Set(['RS256', 'ES256', 'PS256', 'EdDSA', 'Ed25519']);

/** The response of the token endpoint arrived (200): a failure after that is the ID token's, not the exchange's. */
const exchangeProgress = new AsyncLocalStorage<{ tokenResponse: boolean; tokenEndpoint?: string }>();

/** The `alg` of a compact JWS's protected header: read only to refuse algorithms; openid-client verifies the token. */
function algorithmOf(jwt: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown };
    return typeof header.alg === 'string' ? header.alg : undefined;
  } catch {
    return undefined;
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const describe = (err: unknown) => {
  const e = err as {
    name?: string;
    message?: string;
    code?: string;
    error?: string;
    error_description?: string;
    cause?: { message?: string };
  };
  return [e.name, e.code, e.error, e.error_description, e.message, e.cause?.message]
    .filter(Boolean)
    .join(': ')
    .slice(0, 500);
};

/**
 * One OpenID Connect provider through openid-client 6 (panva), a certified relying party: discovery
 * and the JWKS are fetched through the outbound policy with a timeout and cached (the JWKS for five
 * minutes; an unknown `kid` refetches it once a minute at most: oauth4webapi's rule), the code is
 * exchanged as a confidential client with PKCE, and the ID token that comes from the token endpoint
 * has its signature verified too (`enableNonRepudiationChecks`; openid-client skips it otherwise).
 */
export class OpenIdConnectAdapter implements OidcProviderPort {
  private configuration: { at: number; value: Promise<Configuration> } | undefined;

  constructor(
    private readonly provider: OidcProviderConfig,
    private readonly options: { fetch: typeof fetch; timeoutS: number },
  ) {}

  private async client(): Promise<{ oidc: OpenIdClient; config: Configuration }> {
    const oidc = await import('openid-client');
    const now = Date.now();
    const cached = this.configuration;
    if (!cached || now - cached.at > DISCOVERY_TTL_MS) {
      const value = this.discover(oidc);
      this.configuration = { at: now, value };
      value.catch(() => {
        // Kept briefly, then forgotten: the next sign-in after that tries discovery again.
        setTimeout(() => {
          if (this.configuration?.value === value) this.configuration = undefined;
        }, DISCOVERY_RETRY_MS).unref();
      });
    }
    try {
      return { oidc, config: await this.configuration!.value };
    } catch (err) {
      throw new SignInRefused('unavailable', `discovery of ${this.provider.issuer} failed: ${describe(err)}`);
    }
  }

  private async discover(oidc: OpenIdClient): Promise<Configuration> {
    const { provider } = this;
    const auth =
      provider.tokenEndpointAuth === 'client_secret_post'
        ? oidc.ClientSecretPost(provider.clientSecret)
        : oidc.ClientSecretBasic(provider.clientSecret);
    const progress = (url: string, res: Response) => {
      const state = exchangeProgress.getStore();
      if (state && res.status === 200 && state.tokenEndpoint && url.startsWith(state.tokenEndpoint))
        state.tokenResponse = true;
    };
    const fetchThroughPolicy = async (url: string, init: RequestInit) => {
      const res = await this.options.fetch(url, init);
      progress(url, res);
      return res;
    };
    const config = await oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      { client_secret: provider.clientSecret, [oidc.clockTolerance]: 60 },
      auth,
      {
        // An http issuer is refused by the configuration in production (src/config/identity.ts).
        execute: new URL(provider.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        [oidc.customFetch]: fetchThroughPolicy as never,
        timeout: this.options.timeoutS,
      },
    );
    oidc.enableNonRepudiationChecks(config);
    config.timeout = this.options.timeoutS;
    return config;
  }

  async authorizationUrl(input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
  }): Promise<URL> {
    const { oidc, config } = await this.client();
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: input.redirectUri,
      scope: this.provider.scopes.join(' '),
      response_type: 'code',
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  async exchange(input: {
    callbackUrl: URL;
    expectedState: string;
    expectedNonce: string;
    codeVerifier: string;
  }): Promise<OidcIdentity> {
    const { oidc, config } = await this.client();
    const progress = { tokenResponse: false, tokenEndpoint: config.serverMetadata().token_endpoint };
    let tokens: Awaited<ReturnType<OpenIdClient['authorizationCodeGrant']>>;
    try {
      tokens = await exchangeProgress.run(progress, () =>
        oidc.authorizationCodeGrant(config, input.callbackUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.expectedState,
          expectedNonce: input.expectedNonce,
          idTokenExpected: true,
        }),
      );
    } catch (err) {
      if (err instanceof oidc.AuthorizationResponseError)
        throw new SignInRefused('denied', `the provider answered ${describe(err)}`);
      throw new SignInRefused(progress.tokenResponse ? 'token' : 'exchange', describe(err));
    }
    const alg = tokens.id_token ? algorithmOf(tokens.id_token) : undefined;
    if (!alg || !ALGORITHMS.has(alg))
      throw new SignInRefused(
        'token',
        `ID token signed with ${alg ?? 'no algorithm'}, not one of ${[...ALGORITHMS].join(', ')}`,
      );
    const claims = tokens.claims();
    if (!claims) throw new SignInRefused('token', 'no ID token in the token response');
    let all = claims as unknown as Record<string, unknown>;
    // Conformant providers may keep scope claims (email, groups) in UserInfo only: ask it for what the ID token lacks.
    const lacking =
      !text(all.email) || (this.provider.groupsClaim !== undefined && !(this.provider.groupsClaim in all));
    if (lacking && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      try {
        all = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...all };
      } catch (err) {
        throw new SignInRefused('exchange', `UserInfo: ${describe(err)}`);
      }
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(all.email)?.toLowerCase(),
      emailVerified: all.email_verified === true,
      preferredUsername: text(all.preferred_username),
      name: text(all.name),
      claims: all,
    };
  }
}
