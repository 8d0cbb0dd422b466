import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createGit } from '../../src/integrations/git/git.adapter.js';
import { FakeGit } from '../fakes/ports/git.fake.js';
import { GitError, GitUrlRefused, type Git } from '../../src/integrations/git/git.port.js';

/**
 * The Git port's contract, run against the real adapter (real repositories on disk) and against
 * the in-memory fake modules test with: both must behave the same for what modules rely on.
 */
const root = mkdtempSync(join(tmpdir(), 'hangar-git-contract-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function sh(cwd: string, ...args: string[]) {
  const r = spawnSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

interface Subject {
  git: Git;
  /** A repository with README.md on main, tag v1.0.0 holding a.tf; answers its URL. */
  repo(name: string): string;
  /** An empty bare repository (a push target). */
  bare(name: string): string;
  missing(name: string): string;
}

function real(): Subject {
  return {
    git: createGit({ allowFileUrls: true, timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024, resolver: async () => ['93.184.216.34'] }),
    repo(name) {
      const dir = join(root, `real-${name}`);
      mkdirSync(dir);
      sh(dir, 'init', '--quiet', '-b', 'main');
      writeFileSync(join(dir, 'a.tf'), 'variable "a" {}\n');
      sh(dir, 'add', '--all');
      sh(dir, 'commit', '--quiet', '-m', 'one');
      sh(dir, 'tag', 'v1.0.0');
      sh(dir, 'rm', '--quiet', 'a.tf');
      writeFileSync(join(dir, 'README.md'), 'hello\n');
      sh(dir, 'add', '--all');
      sh(dir, 'commit', '--quiet', '-m', 'two');
      return pathToFileURL(dir).href;
    },
    bare(name) {
      const dir = join(root, `real-${name}.git`);
      sh(root, 'init', '--quiet', '--bare', dir);
      return pathToFileURL(dir).href;
    },
    missing: (name) => pathToFileURL(join(root, `nothing-${name}`)).href,
  };
}

function fake(): Subject {
  const git = new FakeGit();
  git.hosts.set('public.example', ['93.184.216.34']);
  return {
    git,
    repo(name) {
      const url = `https://public.example/${name}.git`;
      git.addRepo(url, { files: { 'README.md': 'hello\n' }, tags: { 'v1.0.0': { 'a.tf': 'variable "a" {}\n' } } });
      return url;
    },
    bare(name) {
      const url = `https://public.example/${name}-bare.git`;
      git.addRepo(url);
      return url;
    },
    missing: (name) => `https://public.example/nothing-${name}.git`,
  };
}

describe.each([
  ['real adapter', real],
  ['fake', fake],
])('Git port contract: %s', (_label, make) => {
  const s = make();

  it('clones the default branch or a tag into a folder', async () => {
    const url = s.repo('clone');
    const head = join(root, `${_label}-head`);
    await s.git.shallowClone(url, head);
    expect(readFileSync(join(head, 'README.md'), 'utf8')).toBe('hello\n');
    const tag = join(root, `${_label}-tag`);
    await s.git.shallowClone(url, tag, 'v1.0.0');
    expect(existsSync(join(tag, 'a.tf'))).toBe(true);
    expect(existsSync(join(tag, 'README.md'))).toBe(false);
  });

  it('lists tags', async () => {
    expect(await s.git.listTags(s.repo('tags'))).toEqual(['v1.0.0']);
  });

  it('commits files to an empty repository, then on top', async () => {
    const url = s.bare('push');
    const first = await s.git.commitFiles(url, [{ path: 'src/a.txt', content: 'a' }], 'first');
    expect(first).toMatch(/^[0-9a-f]{40}$/);
    await s.git.commitFiles(url, [{ path: 'b.txt', content: 'b' }], 'second');
    const out = join(root, `${_label}-pushed`);
    await s.git.shallowClone(url, out);
    expect(readFileSync(join(out, 'src/a.txt'), 'utf8')).toBe('a');
    expect(readFileSync(join(out, 'b.txt'), 'utf8')).toBe('b');
  });

  it('fails with a GitError for a missing repository or tag, and refuses private addresses', async () => {
    expect(await s.git.listTags(s.missing('x')).catch((e: unknown) => e)).toBeInstanceOf(GitError);
    expect(await s.git.shallowClone(s.repo('notag'), join(root, `${_label}-x`), 'v9.9.9').catch((e: unknown) => e)).toBeInstanceOf(GitError);
    expect(await s.git.listTags('http://169.254.169.254/x.git').catch((e: unknown) => e)).toBeInstanceOf(GitUrlRefused);
    await expect(s.git.checkUrl('http://10.0.0.1/x.git', 'url')).rejects.toThrow(/url may not point to 10\.0\.0\.1/);
    expect(() => s.git.assertUrl('ftp://host/x', 'url')).toThrow(/unsupported scheme/);
  });

  it('stops at once when its signal is already aborted', async () => {
    const ctl = new AbortController();
    ctl.abort();
    expect(await s.git.listTags(s.repo('abort'), { signal: ctl.signal }).catch((e: unknown) => e)).toBeInstanceOf(GitError);
  });
});
