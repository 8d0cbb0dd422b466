import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
import { createGit } from '../../src/integrations/git/git.adapter.js';
import { gitContract } from './git.contract.js';

const root = mkdtempSync(join(tmpdir(), 'hangar-git-contract-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function sh(cwd: string, ...args: string[]) {
  return shEnv(cwd, {}, ...args);
}
function shEnv(cwd: string, env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(
    'git',
    ['-c', 'user.name=T', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

gitContract('real adapter (the git binary, repositories on disk)', () => ({
  git: createGit({
    allowFileUrls: true,
    timeoutMs: 30_000,
    maxBytes: 10 * 1024 * 1024,
    resolver: async () => ['93.184.216.34'],
  }),
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
  history(name, dates) {
    const dir = join(root, `real-${name}`);
    mkdirSync(dir);
    sh(dir, 'init', '--quiet', '-b', 'main');
    const shas = dates.map((date, i) => {
      shEnv(
        dir,
        { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date },
        'commit',
        '--quiet',
        '--allow-empty',
        '-m',
        `c${i}`,
      );
      return sh(dir, 'rev-parse', 'HEAD').trim();
    });
    return { url: pathToFileURL(dir).href, shas };
  },
  scratch: root,
}));
