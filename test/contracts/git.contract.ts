import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitError, GitUrlRefused, type Git } from '../../src/integrations/git/git.port.js';

export interface GitSubject {
  git: Git;
  /** A repository with README.md on main, tag v1.0.0 holding a.tf; answers its URL. */
  repo(name: string): string;
  /** An empty bare repository (a push target). */
  bare(name: string): string;
  missing(name: string): string;
  /** A repository with one commit per committer date (ISO 8601), oldest first; answers its URL and the ids. */
  history(name: string, dates: string[]): { url: string; shas: string[] };
  /** A folder the suite clones into. */
  scratch: string;
}

/**
 * The Git port's contract (decision 510), run against the real adapter (real repositories on disk,
 * test/contracts/git.adapter.test.ts) and against the in-memory fake modules test with.
 */
export function gitContract(label: string, make: () => GitSubject) {
  describe(`git port contract: ${label}`, () => {
    const s = make();

    it('clones the default branch or a tag into a folder', async () => {
      const url = s.repo('clone');
      const head = join(s.scratch, `${label}-head`);
      await s.git.shallowClone(url, head);
      expect(readFileSync(join(head, 'README.md'), 'utf8')).toBe('hello\n');
      const tag = join(s.scratch, `${label}-tag`);
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
      const out = join(s.scratch, `${label}-pushed`);
      await s.git.shallowClone(url, out);
      expect(readFileSync(join(out, 'src/a.txt'), 'utf8')).toBe('a');
      expect(readFileSync(join(out, 'b.txt'), 'utf8')).toBe('b');
    });

    it('fails with a GitError for a missing repository or tag, and refuses private addresses', async () => {
      expect(await s.git.listTags(s.missing('x')).catch((e: unknown) => e)).toBeInstanceOf(GitError);
      expect(
        await s.git.shallowClone(s.repo('notag'), join(s.scratch, `${label}-x`), 'v9.9.9').catch((e: unknown) => e),
      ).toBeInstanceOf(GitError);
      expect(await s.git.listTags('http://169.254.169.254/x.git').catch((e: unknown) => e)).toBeInstanceOf(
        GitUrlRefused,
      );
      await expect(s.git.checkUrl('http://10.0.0.1/x.git', 'url')).rejects.toThrow(/url may not point to 10\.0\.0\.1/);
      expect(() => s.git.assertUrl('ftp://host/x', 'url')).toThrow(/unsupported scheme/);
    });

    it('refuses a branch or tag git would read as an option (decision 515)', async () => {
      const url = s.repo('dash');
      await expect(
        s.git.shallowClone(url, join(s.scratch, `${label}-dash`), '--upload-pack=touch /tmp/pwned'),
      ).rejects.toThrow(/must not start with "-"/);
      await expect(s.git.commitFiles(s.bare('dash-push'), [{ path: 'a', content: 'a' }], 'm', '-b')).rejects.toThrow(
        /must not start with "-"/,
      );
    });

    it('walks the commits between two revisions, newest first, with their committer times', async () => {
      const dates = ['2026-01-01T10:00:00Z', '2026-01-02T10:00:00Z', '2026-01-03T10:00:00Z', '2026-01-04T10:00:00Z'];
      const { url, shas } = s.history('log', dates);
      const between = await s.git.commitsBetween(url, { from: shas[0], to: shas[3] });
      expect(between.map((c) => c.sha)).toEqual([shas[3], shas[2], shas[1]]);
      expect(between.map((c) => c.committedAt.toISOString())).toEqual(
        [dates[3], dates[2], dates[1]].map((d) => new Date(d).toISOString()),
      );
      expect((await s.git.commitsBetween(url, { to: shas[1]! })).map((c) => c.sha)).toEqual([shas[1]]);
      expect(await s.git.commitsBetween(url, { from: shas[2], to: shas[2]! })).toEqual([]);
      expect(
        await s.git.commitsBetween(url, { from: shas[0], to: 'f'.repeat(40) }).catch((e: unknown) => e),
      ).toBeInstanceOf(GitError);
    });

    it('stops at once when its signal is already aborted', async () => {
      const ctl = new AbortController();
      ctl.abort();
      expect(await s.git.listTags(s.repo('abort'), { signal: ctl.signal }).catch((e: unknown) => e)).toBeInstanceOf(
        GitError,
      );
    });
  });
}
