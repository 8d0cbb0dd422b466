import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';

const base = { NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(40) };
const provider = {
  id: 'corp',
  name: 'Corp SSO',
  issuer: 'https://idp.example.com',
  clientId: 'hangar',
  clientSecret: 's3cret-value',
};
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

describe('identity settings (decision 830)', () => {
  it('reads providers with their defaults, PUBLIC_URL and AUTH_PASSWORD_LOGIN', () => {
    const config = load({
      OIDC_PROVIDERS: JSON.stringify([provider]),
      PUBLIC_URL: 'https://hangar.example.com/',
      AUTH_PASSWORD_LOGIN: 'off',
    });
    expect(config.identity).toMatchObject({
      publicUrl: 'https://hangar.example.com',
      passwordLogin: false,
      oidcTimeoutS: 10,
    });
    expect(config.identity.oidcProviders[0]).toMatchObject({
      id: 'corp',
      scopes: ['openid', 'profile', 'email'],
      allowedEmailDomains: [],
      groupsClaim: undefined,
      tokenEndpointAuth: 'client_secret_basic',
    });
    expect(load({}).identity).toMatchObject({
      oidcProviders: [],
      publicUrl: 'http://localhost:3000',
      passwordLogin: true,
    });
  });

  it.each([
    ['not JSON', '{', /must be a JSON array/],
    ['an object', '{}', /must be a JSON array/],
    ['a bad id', JSON.stringify([{ ...provider, id: 'Corp SSO' }]), /provider "Corp SSO": id must be/],
    ['a duplicate id', JSON.stringify([provider, provider]), /provider "corp": id is used twice/],
    ['no client secret', JSON.stringify([{ ...provider, clientSecret: '' }]), /provider "corp": clientSecret/],
    [
      'a bad issuer',
      JSON.stringify([{ ...provider, issuer: 'ftp://x' }]),
      /provider "corp": issuer must be an http\(s\) URL/,
    ],
    ['no openid scope', JSON.stringify([{ ...provider, scopes: ['email'] }]), /must include "openid"/],
    ['a bad domain', JSON.stringify([{ ...provider, allowedEmailDomains: ['not a domain'] }]), /allowedEmailDomains/],
    ['an unknown field', JSON.stringify([{ ...provider, clientSecrett: 'typo' }]), /unknown field "clientSecrett"/],
  ])('stops the start naming the entry: %s', (_what, value, message) => {
    expect(() => load({ OIDC_PROVIDERS: value })).toThrow(message);
    try {
      load({ OIDC_PROVIDERS: value });
    } catch (err) {
      expect((err as Error).message).toMatch(/^Invalid setting OIDC_PROVIDERS/);
      expect((err as Error).message).not.toContain('s3cret-value');
    }
  });

  it('in production: an https issuer and PUBLIC_URL are required', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'y'.repeat(40) };
    expect(() =>
      loadConfig({
        ...prod,
        OIDC_PROVIDERS: JSON.stringify([{ ...provider, issuer: 'http://idp.internal' }]),
        PUBLIC_URL: 'https://h.example.com',
      }),
    ).toThrow(/issuer must be https/);
    expect(() => loadConfig({ ...prod, OIDC_PROVIDERS: JSON.stringify([provider]) })).toThrow(/PUBLIC_URL/);
    expect(
      loadConfig({ ...prod, OIDC_PROVIDERS: JSON.stringify([provider]), PUBLIC_URL: 'https://h.example.com' }).identity
        .oidcProviders,
    ).toHaveLength(1);
    expect(() => load({ PUBLIC_URL: 'hangar.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => load({ AUTH_PASSWORD_LOGIN: 'maybe' })).toThrow(/AUTH_PASSWORD_LOGIN/);
  });

  it('PASSWORD_HASH_PROFILE: standard by default; `test` only with NODE_ENV=test (decision 1130)', () => {
    expect(load({}).identity.passwordHashProfile).toBe('standard');
    expect(load({ NODE_ENV: 'test', PASSWORD_HASH_PROFILE: 'test' }).identity.passwordHashProfile).toBe('test');
    expect(() => load({ PASSWORD_HASH_PROFILE: 'test' })).toThrow(/PASSWORD_HASH_PROFILE: `test` is accepted only/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'y'.repeat(40), PASSWORD_HASH_PROFILE: 'test' }),
    ).toThrow(/PASSWORD_HASH_PROFILE/);
    expect(() => load({ NODE_ENV: 'test', PASSWORD_HASH_PROFILE: 'fast' })).toThrow(/PASSWORD_HASH_PROFILE/);
  });
});
