import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Local git repositories for location tests (file:// URLs; no network). */
export function gitRepos() {
  const root = mkdtempSync(join(tmpdir(), 'hangar-catalog-test-'));
  let n = 0;
  const git = (cwd: string, ...args: string[]) => {
    const res = spawnSync(
      'git',
      ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args],
      {
        cwd,
        encoding: 'utf8',
      },
    );
    if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
    return res.stdout;
  };
  const commitAll = (dir: string, message = 'files') => {
    git(dir, 'add', '--all');
    git(dir, 'commit', '--quiet', '--allow-empty', '-m', message);
  };
  return {
    root,
    git,
    /** A repository with `files` (and optionally a copy of folder `from`) committed on main. */
    make(files: Record<string, string>, from?: string) {
      const dir = join(root, `repo-${n++}`);
      mkdirSync(dir, { recursive: true });
      git(dir, 'init', '--quiet');
      if (from) cpSync(from, dir, { recursive: true });
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
      commitAll(dir);
      return { dir, url: pathToFileURL(dir).href };
    },
    /** Writes (string) or deletes (null) files and commits. */
    change(dir: string, files: Record<string, string | null>) {
      for (const [path, content] of Object.entries(files)) {
        if (content === null) rmSync(join(dir, path), { force: true });
        else {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), content);
        }
      }
      commitAll(dir, 'change');
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
