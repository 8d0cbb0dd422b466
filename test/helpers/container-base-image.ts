import {
  copyFileSync,
  cpSync,
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
import { join } from 'node:path';
import { cacheDir, fileHash, imageExists, run, sha } from './container-tools.js';

/**
 * The Containerfile's BASE_IMAGE for the tests (decision 887): no registry is reachable here, so it is
 * made locally, a Debian bookworm root filesystem from mmdebstrap plus this machine's `node` and npm
 * where the official Node images keep them (/usr/local). The root filesystem is kept as a tar file
 * named by its recipe and apt sources, the image as a tag named by the recipe, the node binary and
 * npm's version.
 */

/** Bump when the recipe changes. */
const BASE_RECIPE = 1;
const DEBIAN = { suite: 'bookworm', variant: 'minbase', include: ['libstdc++6', 'ca-certificates', 'tini'] };

/** Debian's root filesystem, made once per recipe and kept as a tar file (about a minute from the mirror). */
async function rootfs(nice: boolean): Promise<string> {
  const sources = [
    '/etc/apt/sources.list',
    ...(existsSync('/etc/apt/sources.list.d')
      ? readdirSync('/etc/apt/sources.list.d').map((f) => `/etc/apt/sources.list.d/${f}`)
      : []),
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
export async function baseImage(nice: boolean): Promise<string> {
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
    cpSync(npmDir, join(work, 'usr', 'local', 'lib', 'node_modules', 'npm'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(work, 'usr', 'local', 'bin', 'npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(work, 'usr', 'local', 'bin', 'npx'));
    writeFileSync(
      join(work, 'Containerfile'),
      [
        'FROM scratch',
        'ADD rootfs.tar /',
        'COPY usr/ /usr/',
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    await run('buildah', ['bud', '--format', 'docker', '-t', tag, work], { nice });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return tag;
}
