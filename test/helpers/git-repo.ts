import { spawnSync } from 'node:child_process';

/**
 * Runs the git binary in `cwd` as a test author, with signing off whatever the machine's git
 * config says (a developer's `commit.gpgsign=true` would otherwise stop every fixture commit).
 * Throws with git's stderr on a non-zero exit; answers stdout.
 */
export function gitIn(cwd: string, ...args: string[]): string {
  const identity = ['-c', 'user.name=Test', '-c', 'user.email=t@example.test'];
  const unsigned = ['-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false'];
  const r = spawnSync('git', [...identity, ...unsigned, ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
