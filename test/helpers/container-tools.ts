import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../../src/kernel/paths.js';

/** What the container tests share: running tools, hashing inputs, one cache folder and its build lock (decision 887). */

/** Debian's podman 4.3 runs containers here only with runc, cgroupfs and these limits (ARCHITECTURE.md). */
export const PODMAN = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
export const CONTAINER_LIMITS = ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=4096:4096'];

/** Outside the work tree, shared by every clone on the machine: everything in it is named by a hash of its inputs. */
export const cacheDir =
  process.env.TEST_IMAGE_CACHE_DIR ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'hangar', 'test-image');
const lockDir = join(cacheDir, 'build.lock');

/** The tools running now (their main processes), for the global setup's teardown. */
export const running = new Set<number>();

interface Run {
  nice?: boolean;
  cwd?: string;
}

/** Runs a command with an argument array (no shell) in its own process group; rejects with the output's tail. */
export function run(cmd: string, args: string[], opts: Run = {}): Promise<string> {
  // The lowest CPU priority: the build takes what the test files leave, never their time (decision 887).
  const [bin, argv] = opts.nice ? ['nice', ['-n', '19', cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, argv, { cwd: opts.cwd ?? projectRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child.pid!);
    let out = '';
    const keep = (d: Buffer) => (out = (out + d.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => reject(new Error(`${cmd} could not start: ${err.message}`)));
    child.on('close', (code) => {
      running.delete(child.pid!);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.slice(0, 3).join(' ')} … exited with ${code}:\n${out.slice(-6000)}`));
    });
  });
}

export const sha = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};

export async function fileHash(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk);
  return h.digest('hex');
}

export const imageExists = async (tag: string) =>
  run('podman', ['image', 'exists', tag]).then(
    () => true,
    () => false,
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** One build at a time on this machine (mkdir is atomic); a lock whose process is gone is taken over. */
export async function withLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(cacheDir, { recursive: true });
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'owner'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lockDir, 'owner'), 'utf8'));
      } catch {
        // Just made, its owner not written yet (or just released).
      }
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if ((owner && !alive(owner)) || (!owner && age > 60_000)) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`the test image is being built by process ${owner} for too long (${lockDir})`);
      else await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
