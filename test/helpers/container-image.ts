import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from '../../src/kernel/paths.js';
import { baseImage } from './container-base-image.js';
import { CONTAINER_LIMITS, cacheDir, imageExists, run, running, sha, withLock } from './container-tools.js';

/**
 * The image of the repository's Containerfile, built for the tests by buildah (decision 887), on the
 * locally made base of container-base-image.ts. Its tag is named by the base and a hash of the build
 * context's files, so a second run with the same sources builds nothing. npm inside the build reads
 * this machine's npm cache (filled by `npm ci`), so the dependency installs need no network.
 *
 * The e2e project's global setup starts the build (`startContainerImageBuild`) and the image test
 * awaits it (`containerImage`): both take one lock, so the build runs once and overlaps other files.
 */

/** What the Containerfile copies from the build context (.dockerignore allows no more than this). */
const CONTEXT = [
  'Containerfile',
  '.dockerignore',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts',
  'src',
  'templates',
  'web',
];

/** The files of the build context, from git (what is tracked or new, not ignored), else a walk. */
async function contextFiles(): Promise<string[]> {
  const listed = await run('git', [
    'ls-files',
    '-z',
    '--cached',
    '--others',
    '--exclude-standard',
    '--',
    ...CONTEXT,
  ]).catch(() => undefined);
  if (listed !== undefined)
    return listed
      .split('\0')
      .filter((f) => f && existsSync(join(projectRoot, f)) && statSync(join(projectRoot, f)).isFile());
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.name === 'node_modules' || e.name.startsWith('dist')
        ? []
        : e.isDirectory()
          ? walk(join(dir, e.name))
          : [relative(projectRoot, join(dir, e.name))],
    );
  return CONTEXT.flatMap((p) =>
    !existsSync(join(projectRoot, p))
      ? []
      : statSync(join(projectRoot, p)).isDirectory()
        ? walk(join(projectRoot, p))
        : [p],
  );
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
  const listed = JSON.parse(
    await run('podman', ['images', '--format', 'json', '--filter', 'reference=localhost/hangar-test']),
  ) as {
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
    if (existsSync(failed))
      throw new Error(`the image build started by the global setup failed:\n${readFileSync(failed, 'utf8')}`);
    return build(false);
  });
}
