import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/config.js';
import { normaliseSeverity } from '../../../src/integrations/registry-scan.js';
import { parseImageRef } from '../../../src/modules/registry/registry.service.js';

describe('registry helpers', () => {
  it.each([
    ['team/app:1.0', { name: 'team/app', tag: '1.0' }],
    ['app', { name: 'app', tag: 'latest' }],
    ['127.0.0.1:5000/team/app:2', { name: 'team/app', tag: '2' }],
    ['registry.example.com/a/b/c', { name: 'a/b/c', tag: 'latest' }],
    ['localhost/app:x', { name: 'app', tag: 'x' }],
    ['app@sha256:abc', { name: 'app', tag: 'sha256:abc' }],
  ])('parseImageRef(%s)', (ref, expected) => {
    expect(parseImageRef(ref)).toEqual(expected);
  });
  it('rejects empty or spaced references', () => {
    expect(parseImageRef('')).toBeNull();
    expect(parseImageRef('a b:1')).toBeNull();
  });
  it('normalises severities', () => {
    expect(['Critical', 'high', 'Negligible', 'Unknown', 'weird'].map(normaliseSeverity)).toEqual([
      'CRITICAL',
      'HIGH',
      'INFORMATIONAL',
      'UNDEFINED',
      'UNDEFINED',
    ]);
  });
  it('bad settings stop the start naming them, never quoting the credential', () => {
    expect(() => loadConfig({ REGISTRY_CREDENTIALS: 'not-json-secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ REGISTRY_CREDENTIALS: 'not-json-secret' })).toThrow(/REGISTRY_CREDENTIALS/);
    expect(() => loadConfig({ REGISTRY_CREDENTIALS: 'not-json-secret' })).not.toThrow(/not-json-secret/);
    expect(() => loadConfig({ COST_SYNC_CRON: 'every day' })).toThrow(/COST_SYNC_CRON/);
    expect(() => loadConfig({ REGISTRY_TYPE: 'quay' })).toThrow(/REGISTRY_TYPE/);
    const cfg = loadConfig({});
    expect(cfg.policy.url).toBe('http://localhost:8181');
    expect(cfg.cost).toEqual({ url: 'http://localhost:9090', syncCron: '0 3 * * *', currency: 'USD' });
    expect(cfg.gateway.active).toBe(false);
    expect(cfg.gateway.healthDegradedMs).toBe(1000);
  });

  it('REGISTRY_CREDENTIALS of the wrong shape for REGISTRY_TYPE stops the start naming the setting and the fields, never a value (decision 517)', () => {
    const load = (type: string, credentials: unknown) => () =>
      loadConfig({ REGISTRY_TYPE: type, REGISTRY_CREDENTIALS: JSON.stringify(credentials) });
    const secret = 'sekret-value-42';
    for (const [type, credentials, field] of [
      ['cloudreg_a', { accessKeyId: 'AKIA', secretAccessKey: secret }, 'region is required'],
      ['cloudreg_a', { region: 'eu-west-1', secretKey: secret }, 'secretKey is not a field of it'],
      ['cloudreg_b', { username: 'u', password: secret }, 'client_email is required'],
      ['hub', { username: 'acme', password: 42 }, 'password must be text'],
      ['selfhosted', { user: 'admin', password: secret }, 'user is not a field of it'],
      ['oci', { username: 'u', password: { value: secret } }, 'password must be text'],
    ] as const) {
      const start = load(type, credentials);
      expect(start, type).toThrow(ConfigError);
      expect(start, type).toThrow(new RegExp(`REGISTRY_CREDENTIALS: for REGISTRY_TYPE=${type}.*${field}`));
      expect(start, type).not.toThrow(new RegExp(secret));
    }
    // The right shapes load, tagged with their type.
    expect(
      loadConfig({ REGISTRY_TYPE: 'hub', REGISTRY_CREDENTIALS: JSON.stringify({ username: 'acme', token: 'pat' }) })
        .registry.credentials,
    ).toEqual({
      type: 'hub',
      value: { username: 'acme', token: 'pat' },
    });
    const key = {
      type: 'service_account',
      client_email: 'a@b.iam',
      private_key: 'k',
      project_id: 'p',
      private_key_id: 'x',
    };
    expect(
      loadConfig({ REGISTRY_TYPE: 'cloudreg_b', REGISTRY_CREDENTIALS: JSON.stringify(key) }).registry.credentials?.type,
    ).toBe('cloudreg_b');
    expect(load('cloudreg_a', { region: 'eu-west-1' })).not.toThrow();
    expect(load('oci', {})).not.toThrow();
  });
});
