import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  createReadStream,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../../src/kernel/paths.js';

/**
 * The image of the repository's Containerfile, built for the tests by buildah (decision 887).
 *
 * No registry is reachable here, so the base image (the Containerfile's BASE_IMAGE) is made locally:
 * a Debian bookworm root filesystem from mmdebstrap, plus this machine's `node` and npm where the
 * official Node images keep them (/usr/local). Both are cached by what goes into them: the root
 * filesystem as a tar file in the cache folder, the base and the built image as tags whose names are
 * hashes of their inputs, so a second run with the same sources builds nothing. npm inside the build
 * reads this machine's npm cache (filled by `npm ci`), so the dependency installs need no network.
 *
 * The e2e project's global setup starts the build (`startContainerImageBuild`) and the image test
 * awaits it (`containerImage`): both take one lock, so the build runs once and overlaps other files.
 */

/** Debian's podman 4.3 runs containers here only with runc, cgroupfs and these limits (ARCHITECTURE.md). */
export const PODMAN = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
export const CONTAINER_LIMITS = ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=4096:4096'];

const cacheDir = process.env.TEST_IMAGE_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'hangar', 'test-image');
const lockDir = join(cacheDir, 'build.lock');
/** Bump when the recipe of the base image changes. */
const BASE_RECIPE = 1;
const DEBIAN = { suite: 'bookworm', variant: 'minbase', include: ['libstdc++6', 'ca-certificates', 'tini'] };
/** What the Containerfile copies from the build context (.dockerignore allows no more than this). */
const CONTEXT = ['Containerfile', '.dockerignore', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts', 'src', 'templates', 'web'];

const running = new Set<number>();

interface Run {
  nice?: boolean;
  cwd?: string;
}

/** Runs a command with an argument array (no shell) in its own process group; rejects with the output's tail. */
function run(cmd: string, args: string[], opts: Run = {}): Promise<string> {
  const [bin, argv] = opts.nice ? ['nice', ['-n', '10', cmd, ...args]] : [cmd, args];
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

const sha = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};

async function fileHash(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk);
  return h.digest('hex');
}

const imageExists = async (tag: string) =>
  run('podman', ['image', 'exists', tag]).then(
    () => true,
    () => false,
  );

/** The files of the build context, from git (what is tracked or new, not ignored), else a walk. */
async function contextFiles(): Promise<string[]> {
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...CONTEXT]).catch(() => undefined);
  if (listed !== undefined) return listed.split('\0').filter((f) => f && existsSync(join(projectRoot, f)) && statSync(join(projectRoot, f)).isFile());
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.name === 'node_modules' || e.name.startsWith('dist') ? [] : e.isDirectory() ? walk(join(dir, e.name)) : [relative(projectRoot, join(dir, e.name))],
    );
  return CONTEXT.flatMap((p) => (!existsSync(join(projectRoot, p)) ? [] : statSync(join(projectRoot, p)).isDirectory() ? walk(join(projectRoot, p)) : [p]));
}

async function contextHash(): Promise<string> {
  const h = createHash('sha256');
  for (const f of (await contextFiles()).sort())
    h.update(f)
      .update('\0')
      .update(readFileSync(join(projectRoot, f)))
      .update('\0');
  return h.digest('hex').slice(0, 16);
}

/** Debian's root filesystem, made once per recipe and kept as a tar file (about a minute from the mirror). */
async function rootfs(nice: boolean): Promise<string> {
  const sources = [
    '/etc/apt/sources.list',
    ...(existsSync('/etc/apt/sources.list.d') ? readdirSync('/etc/apt/sources.list.d').map((f) => `/etc/apt/sources.list.d/${f}`) : []),
  ]
    .filter((f) => existsSync(f) && statSync(f).isFile())
    .map((f) => readFileSync(f, 'utf8'));
  const tar = join(cacheDir, `rootfs-${sha(JSON.stringify(DEBIAN), ...sources)}.tar`);
  if (existsSync(tar)) return tar;
  const partial = `${tar}.${process.pid}.partial`;
  try {
    await run(
      'mmdebstrap',
      [
        '--format=tar',
        `--variant=${DEBIAN.variant}`,
        `--include=${DEBIAN.include.join(',')}`,
        // Documentation and translations are of no use in a test image.
        '--dpkgopt=path-exclude=/usr/share/doc/*',
        '--dpkgopt=path-exclude=/usr/share/man/*',
        '--dpkgopt=path-exclude=/usr/share/locale/*',
        DEBIAN.suite,
        partial,
      ],
      { nice },
    );
    renameSync(partial, tar);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return tar;
}

/** FROM scratch + Debian + this machine's Node.js and npm under /usr/local, as in the official images. */
async function baseImage(nice: boolean): Promise<string> {
  const node = process.execPath;
  const npmDir = join(node, '..', '..', 'lib', 'node_modules', 'npm');
  if (!existsSync(join(npmDir, 'package.json'))) throw new Error(`npm was not found beside ${node} (${npmDir})`);
  const npmVersion = JSON.parse(readFileSync(join(npmDir, 'package.json'), 'utf8')).version as string;
  const tag = `localhost/hangar-test-base:${sha(String(BASE_RECIPE), JSON.stringify(DEBIAN), await fileHash(node), npmVersion)}`;
  if (await imageExists(tag)) return tag;
  const tar = await rootfs(nice);
  const work = join(cacheDir, `base-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'usr', 'local', 'bin'), { recursive: true });
  try {
    linkSync(tar, join(work, 'rootfs.tar'));
    copyFileSync(node, join(work, 'usr', 'local', 'bin', 'node'));
    cpSync(npmDir, join(work, 'usr', 'local', 'lib', 'node_modules', 'npm'), { recursive: true, verbatimSymlinks: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(work, 'usr', 'local', 'bin', 'npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(work, 'usr', 'local', 'bin', 'npx'));
    writeFileSync(
      join(work, 'Containerfile'),
      ['FROM scratch', 'ADD rootfs.tar /', 'COPY usr/ /usr/', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'CMD ["node"]', ''].join(
        '\n',
      ),
    );
    await run('buildah', ['bud', '--format', 'docker', '-t', tag, work], { nice });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return tag;
}

/** npm inside the build sees this machine's npm cache, user settings and certificate file. */
async function npmVolumes(): Promise<string[]> {
  const get = (key: string) =>
    run('npm', ['config', 'get', key]).then(
      (v) => v.trim(),
      () => '',
    );
  const [cache, userconfig, cafile] = await Promise.all([get('cache'), get('userconfig'), get('cafile')]);
  const volumes = [];
  if (cache && existsSync(cache)) volumes.push('--volume', `${cache}:/root/.npm`);
  if (userconfig && existsSync(userconfig)) volumes.push('--volume', `${userconfig}:/root/.npmrc:ro`);
  if (cafile && cafile !== 'null' && existsSync(cafile)) volumes.push('--volume', `${cafile}:${cafile}:ro`);
  return volumes;
}

async function build(nice: boolean): Promise<string> {
  const base = await baseImage(nice);
  const tag = `localhost/hangar-test:${sha(base, await contextHash())}`;
  if (await imageExists(tag)) return tag;
  const revision = (await run('git', ['rev-parse', 'HEAD']).catch(() => 'unknown')).trim();
  await run(
    'buildah',
    [
      'bud',
      '--format=docker',
      '--network=host',
      '--jobs=2',
      ...CONTAINER_LIMITS,
      ...(await npmVolumes()),
      '--build-arg',
      `BASE_IMAGE=${base}`,
      '--build-arg',
      `VERSION=${JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).version}`,
      '--build-arg',
      `REVISION=${revision}`,
      '--build-arg',
      'SOURCE=https://hangar.invalid/test',
      '-f',
      'Containerfile',
      '-t',
      tag,
      '.',
    ],
    { nice },
  );
  await pruneOldImages(tag);
  return tag;
}

/** Each source change makes a new image: keep the few newest (other work trees may be using them), drop the rest. */
async function pruneOldImages(keep: string, count = 3) {
  const listed = JSON.parse(await run('podman', ['images', '--format', 'json', '--filter', 'reference=localhost/hangar-test'])) as {
    Names?: string[];
    Created: number;
  }[];
  const old = listed
    .filter((i) => !i.Names?.includes(keep))
    .sort((a, b) => b.Created - a.Created)
    .slice(count - 1)
    .flatMap((i) => i.Names ?? []);
  // An image a container still uses is refused: that is fine.
  for (const name of old) await run('podman', ['rmi', name]).catch(() => undefined);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** One build at a time on this machine (mkdir is atomic); a lock whose process is gone is taken over. */
async function withLock<T>(work: () => Promise<T>): Promise<T> {
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
      else if (Date.now() > deadline) throw new Error(`the test image is being built by process ${owner} for too long (${lockDir})`);
      else await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

const failureFile = (pid: number) => join(cacheDir, `failed-${pid}.txt`);

/**
 * Started by the global setup (not awaited): builds under the lock at a lower CPU priority while the
 * other test files run. A failure is written down for the test, which reports it instead of building again.
 */
export function startContainerImageBuild(): () => Promise<void> {
  rmSync(failureFile(process.pid), { force: true });
  const done = withLock(() => build(true)).then(
    () => undefined,
    (err: Error) => writeFileSync(failureFile(process.pid), err.message),
  );
  return async () => {
    // The main process of each tool only: mmdebstrap and buildah clean up their own children and mounts.
    for (const pid of running) process.kill(pid, 'SIGTERM');
    await done;
    rmSync(failureFile(process.pid), { force: true });
  };
}

/** The built image's tag: waits for the build the global setup started (the test worker's parent process), or builds. */
export async function containerImage(): Promise<string> {
  return withLock(async () => {
    const failed = failureFile(process.ppid);
    if (existsSync(failed)) throw new Error(`the image build started by the global setup failed:\n${readFileSync(failed, 'utf8')}`);
    return build(false);
  });
}
