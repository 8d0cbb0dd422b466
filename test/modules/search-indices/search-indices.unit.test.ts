import { describe, expect, it } from 'vitest';
import { humanSize, matchesPattern, summarise } from '../../../src/modules/search-indices/search-indices.stats.js';
import { validateSearchUrl } from '../../../src/modules/search-indices/search-indices.urls.js';

const cfg = {
  url: 'http://es.example.com:9200',
  username: undefined,
  password: undefined,
  apiKey: undefined,
  urlAllowlist: [],
  allowInternalUrls: false,
};

describe('search index stats', () => {
  it('humanSize', () => {
    expect(humanSize(0)).toBe('0b');
    expect(humanSize(512)).toBe('512b');
    expect(humanSize(1024)).toBe('1kb');
    expect(humanSize(1258291)).toBe('1.2mb');
    expect(humanSize(5 * 1024 ** 3)).toBe('5gb');
  });
  it('matchesPattern', () => {
    expect(matchesPattern('logs-*', 'logs-2024')).toBe(true);
    expect(matchesPattern('logs-*,-logs-old', 'logs-old')).toBe(false);
    expect(matchesPattern('a,b', 'b')).toBe(true);
    expect(matchesPattern('logs.x', 'logsax')).toBe(false);
  });
  it('summarise: sums, worst health, comma-joined names', () => {
    expect(
      summarise('l-*', [
        { index: 'l-2', health: 'green', status: 'open', docsCount: 5, storeBytes: 1024 },
        { index: 'l-1', health: 'yellow', status: 'open', docsCount: 7, storeBytes: 1024 * 1024 },
      ]),
    ).toEqual({ pattern: 'l-*', index: 'l-1,l-2', docsCount: 12, storeSize: '1mb', health: 'yellow', status: 'open' });
  });
  it('url guard', () => {
    expect(() => validateSearchUrl('ftp://x', cfg)).toThrow(/http/);
    expect(() => validateSearchUrl('http://127.0.0.1:9200', cfg)).toThrow(/loopback/);
    expect(() => validateSearchUrl('http://169.254.169.254/', cfg)).toThrow(/link-local/);
    // Decision 200: every spelling, through the one policy.
    for (const url of [
      'http://[::ffff:127.0.0.1]/',
      'http://[0:0:0:0:0:ffff:7f00:1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:a9fe:a9fe::]/',
      'http://[64:ff9b:1::1]/',
      'http://[::127.0.0.1]/',
      'http://[febf::1]/',
    ])
      expect(() => validateSearchUrl(url, cfg), url).toThrow(/may not point/);
    // Kept as given (the link answers what the caller wrote).
    expect(validateSearchUrl(' https://search.example.org/ ', cfg)).toBe('https://search.example.org/');
    expect(validateSearchUrl('http://127.0.0.1:9200', { ...cfg, allowInternalUrls: true })).toBe(
      'http://127.0.0.1:9200',
    );
    expect(() => validateSearchUrl('https://other.example.org', { ...cfg, urlAllowlist: ['es.example.org'] })).toThrow(
      /ALLOWLIST/,
    );
    expect(validateSearchUrl('http://127.0.0.1:9200', { ...cfg, urlAllowlist: ['127.0.0.1'] })).toBe(
      'http://127.0.0.1:9200',
    );
  });
});
