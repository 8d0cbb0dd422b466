import { describe, expect, it } from 'vitest';
import { parseSemver, repositoryBase, sourceUrlVariants, versionsBehind } from '../../../src/modules/iac/iac.drift.js';

describe('versionsBehind', () => {
  it('is 0 for equal refs, semver or not', () => {
    expect(versionsBehind('1.2.3', '1.2.3', null)).toBe(0);
    expect(versionsBehind('main', 'main', null)).toBe(0);
    expect(versionsBehind('abc123', 'abc123', ['1.0.0'])).toBe(0);
    expect(versionsBehind('v1.2.3', '1.2.3', null)).toBe(0);
  });

  it('is 1 when either ref is not semver', () => {
    expect(versionsBehind('3f2a9c1', '9b8e7d6', null)).toBe(1);
    expect(versionsBehind('main', 'v2.0.0', null)).toBe(1);
    expect(versionsBehind('v1.0.0', 'develop', ['1.0.0', '2.0.0'])).toBe(1);
    expect(versionsBehind('1.2', '1.3', null)).toBe(1);
    expect(versionsBehind('1.2.3.4', '1.2.4', null)).toBe(1);
  });

  it('uses the first differing component when the module is not catalogued', () => {
    expect(versionsBehind('1.2.3', '3.0.0', null)).toBe(2);
    expect(versionsBehind('v1.2.3', 'v1.5.0', null)).toBe(3);
    expect(versionsBehind('1.2.3', '1.2.7', null)).toBe(4);
    expect(versionsBehind('v1.9.9', '2.0.0', null)).toBe(1);
    expect(versionsBehind('1.2.3-rc.1', '1.2.3', null)).toBe(1);
  });

  it('is 0 when the current ref is ahead of the latest', () => {
    expect(versionsBehind('2.0.0', '1.0.0', null)).toBe(0);
    expect(versionsBehind('2.0.0', '1.0.0', ['1.0.0', '2.0.0'])).toBe(0);
  });

  it('counts known versions in (current, latest] for a catalogued module', () => {
    const known = ['v1.0.0', '1.1.0', 'v1.2.0', 'v2.0.0', '2.1.0', 'not-a-version', 'v3.0.0'];
    expect(versionsBehind('1.0.0', '2.1.0', known)).toBe(4);
    expect(versionsBehind('v1.1.0', 'v2.0.0', known)).toBe(2);
    // a latest ref the catalog has not seen: only the known ones up to it count
    expect(versionsBehind('1.0.0', '1.5.0', known)).toBe(2);
    // no known versions in range (none synced yet, or its tags could not be read): never 0 while behind
    expect(versionsBehind('3.0.0', '3.0.5', known)).toBe(5);
    expect(versionsBehind('1.0.0', '2.0.0', [])).toBe(1);
  });

  it('counts a release spelled with and without v once', () => {
    expect(versionsBehind('1.0.0', '2.0.0', ['v1.5.0', '1.5.0', '2.0.0'])).toBe(2);
  });
});

describe('helpers', () => {
  it('parses semver with an optional v only', () => {
    expect(parseSemver('v1.2.3')?.version).toBe('1.2.3');
    expect(parseSemver('1.2.3-beta.1')?.version).toBe('1.2.3-beta.1');
    expect(parseSemver('V1.2.3')).toBeNull();
    expect(parseSemver('=1.2.3')).toBeNull();
    expect(parseSemver('deadbeef')).toBeNull();
  });

  it('reads Terraform module sources: git:: prefix, ?ref= query and //subdir are not part of the repository', () => {
    expect(repositoryBase('git::https://git.example/mods/net.git//modules/vpc?ref=v1.2.0')).toBe(
      'https://git.example/mods/net',
    );
    expect(repositoryBase('git::ssh://git@git.example/mods/net.git?ref=1.0.0')).toBe('ssh://git@git.example/mods/net');
    expect(repositoryBase('https://git.example/mods/net/')).toBe('https://git.example/mods/net');
    expect(repositoryBase('file:///tmp/repos/net')).toBe('file:///tmp/repos/net');
    expect(repositoryBase('git@git.example:mods/net.git')).toBe('git@git.example:mods/net');
    expect(sourceUrlVariants('git::https://git.example/mods/net.git?ref=v1.0.0')).toEqual(
      expect.arrayContaining(['https://git.example/mods/net.git', 'https://git.example/mods/net']),
    );
  });

  it('lists spellings of a repository URL', () => {
    expect(sourceUrlVariants('https://git.example/mods/net.git')).toEqual(
      expect.arrayContaining([
        'https://git.example/mods/net.git',
        'https://git.example/mods/net',
        'https://git.example/mods/net/',
      ]),
    );
  });
});
