import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { FakeGit } from '../fakes/ports/git.fake.js';
import { gitContract } from './git.contract.js';

const root = mkdtempSync(join(tmpdir(), 'hangar-git-fake-contract-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

gitContract('in-memory fake', () => {
  const git = new FakeGit();
  git.hosts.set('public.example', ['93.184.216.34']);
  return {
    git,
    scratch: root,
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
    history(name, dates) {
      const url = `https://public.example/${name}-history.git`;
      const shas = dates.map((_, i) => `${name}${i}`.padEnd(40, '0').replace(/[^0-9a-f]/g, 'a'));
      git.addCommits(
        url,
        dates.map((committedAt, i) => ({ sha: shas[i]!, committedAt })),
      );
      return { url, shas };
    },
  };
});
