import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      redisUrl: undefined,
      jwtExpirationS: 3600,
      authRateLimit: true,
      allowedOrigins: '*',
      cacheTtlS: 30,
      iacIngestToken: undefined,
      pipelineStageTimeoutS: 600,
      gitAllowFileUrls: true,
      maxBodyBytes: 1048576,
      admin: undefined,
    });
    expect(c.jwtSecretGenerated).toBe(true);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['JWT_EXPIRATION', '-1'],
    ['CACHE_TTL', 'soon'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['MAX_BODY_BYTES', '1.5'],
    ['CACHE_TTL', '1.5'],
    ['PORT', '80abc'],
    ['NODE_ENV', 'staging'],
    ['GIT_ALLOW_FILE_URLS', 'maybe'],
  ])('an unparseable %s stops the start naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid setting ${name}`));
  });

  it('names the allowed values of a choice, and shows the value as given', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(
      'Invalid setting NODE_ENV: must be one of development, production, test (got "staging")',
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow('(got "70000")');
  });

  it('production refuses a missing or short JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    const ok = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(ok.gitAllowFileUrls).toBe(false);
    expect(ok.jwtSecretGenerated).toBe(false);
  });

  it('reads lists, switches and the admin bootstrap', () => {
    const c = loadConfig({
      ALLOWED_ORIGINS: 'https://a.test, https://b.test',
      AUTH_RATE_LIMIT: 'off',
      GIT_ALLOW_FILE_URLS: 'false',
      ADMIN_USERNAME: 'boss',
      ADMIN_EMAIL: 'Boss@Example.test',
      ADMIN_PASSWORD: 'Secr3tPassword',
      DATABASE_URL: 'memory://',
    });
    expect(c.allowedOrigins).toEqual(['https://a.test', 'https://b.test']);
    expect(c.authRateLimit).toBe(false);
    expect(c.gitAllowFileUrls).toBe(false);
    expect(c.admin).toEqual({ username: 'boss', email: 'boss@example.test', password: 'Secr3tPassword' });
    expect(c.databaseUrl).toBe('memory://');
  });

  it('refuses to start with only some of the ADMIN_* settings, naming the missing ones', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_EMAIL, ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'b@example.test' })).toThrow(
      /missing: ADMIN_PASSWORD/,
    );
    expect(loadConfig({}).admin).toBeUndefined();
  });
});
