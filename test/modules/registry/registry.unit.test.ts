import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/config.js';
import { normaliseSeverity } from '../../../src/modules/registry/registry.ports.js';
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
});
