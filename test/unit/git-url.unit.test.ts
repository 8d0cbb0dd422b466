import { describe, expect, it } from 'vitest';
import { assertGitUrl } from '../../src/integrations/git/url-policy.js';

describe('git URL policy', () => {
  it.each([
    'https://github.com/acme/repo.git',
    'http://git.local/x',
    'ssh://git@host/x.git',
    'git@github.com:acme/repo.git',
    'git://host/x',
  ])('accepts %s', (url) => {
    expect(() => assertGitUrl(url, false)).not.toThrow();
  });
  it.each([
    'ftp://host/x',
    'ext::sh -c touch% /tmp/pwned',
    '--upload-pack=touch /tmp/x',
    'file:///tmp/repo',
    '/tmp/repo',
    'not a url',
    '',
    'fd::17',
  ])('refuses %s without file URLs', (url) => {
    expect(() => assertGitUrl(url, false)).toThrow();
  });
  it('allows file:// and local paths only when enabled', () => {
    expect(() => assertGitUrl('file:///tmp/repo', true)).not.toThrow();
    expect(() => assertGitUrl('/tmp/repo', true)).not.toThrow();
  });
});
