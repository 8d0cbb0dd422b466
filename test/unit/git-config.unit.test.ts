import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

/** The git and jobs settings (src/config/git.ts). */
const base = { NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(40) };

describe('git settings', () => {
  it('has defaults', () => {
    const c = loadConfig(base);
    expect(c.git).toMatchObject({
      allowedHosts: [],
      allowFileUrls: true,
      localRoot: undefined,
      scaffoldTimeoutMs: 300_000,
      iacSyncConcurrency: 4,
      hclWorkers: 2,
    });
    expect(c.jobs).toEqual({ lockDurationMs: 30_000, stalledIntervalMs: 30_000 });
  });

  it('reads GIT_ALLOWED_HOSTS as a list', () => {
    expect(
      loadConfig({ ...base, GIT_ALLOWED_HOSTS: ' git.internal , 10.0.0.0/8,,*.corp.example ' }).git.allowedHosts,
    ).toEqual(['git.internal', '10.0.0.0/8', '*.corp.example']);
  });

  it('keeps local repositories off in production unless both GIT_ALLOW_FILE_URLS and GIT_LOCAL_ROOT are set', () => {
    const prod = { ...base, NODE_ENV: 'production' };
    expect(loadConfig(prod).git.allowFileUrls).toBe(false);
    expect(loadConfig({ ...prod, GIT_ALLOW_FILE_URLS: 'true' }).git.allowFileUrls).toBe(false);
    expect(loadConfig({ ...prod, GIT_ALLOW_FILE_URLS: 'true', GIT_LOCAL_ROOT: '/srv/git' }).git).toMatchObject({
      allowFileUrls: true,
      localRoot: '/srv/git',
    });
    expect(loadConfig({ ...base, GIT_ALLOW_FILE_URLS: 'false' }).git.allowFileUrls).toBe(false);
  });

  it('refuses a relative GIT_LOCAL_ROOT and out-of-range numbers', () => {
    expect(() => loadConfig({ ...base, GIT_LOCAL_ROOT: 'relative/dir' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, IAC_SYNC_CONCURRENCY: '0' })).toThrow(/IAC_SYNC_CONCURRENCY/);
    expect(() => loadConfig({ ...base, JOBS_LOCK_DURATION_MS: '10' })).toThrow(/JOBS_LOCK_DURATION_MS/);
  });
});
