import { readFile, realpath } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubernetesSdk } from './sdk.js';
import { parse } from 'yaml';
import type { ClusterRef } from '../../kernel/cluster-ref.js';
import { Invalid } from '../../kernel/errors.js';

export type { ClusterRef };

/** Keys of a kubeconfig that make the client read files of the server (allowed only in files under the config folder). */
const FILE_KEYS = ['certificate-authority', 'client-certificate', 'client-key', 'tokenFile', 'token-file'];

/** Looks like kubeconfig text (YAML or JSON) rather than a file path. */
const looksLikeText = (v: string) => /[\n\r]/.test(v) || /^\s*[{[]/.test(v) || /^\s*[A-Za-z-]+\s*:\s/.test(v);

/**
 * Checks a supplied kubeconfig and loads it. Refused (400): text that is not a kubeconfig, users
 * with `exec` or `auth-provider` (they would run commands on the server), and, for text sent in the
 * request, references to files of the server (they would send local secrets to a chosen server).
 */
export function loadSuppliedKubeconfig(text: string, opts: { allowFiles: boolean }): KubeConfig {
  let doc: any;
  try {
    doc = parse(text);
  } catch {
    throw new Invalid('clusterConfig is not a readable kubeconfig');
  }
  // Decision 207: the client's YAML reader applies merge keys (`<<: *anchor`), ours does not, so a
  // `user` could gain `exec` or `token-file` that this check never saw. Merge keys are refused.
  if (hasMergeKey(doc))
    throw new Invalid('clusterConfig is refused: YAML merge keys ("<<") are not accepted in a supplied kubeconfig');
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.clusters) || doc.clusters.length === 0) {
    throw new Invalid('clusterConfig is not a kubeconfig: it lists no clusters');
  }
  for (const entry of Array.isArray(doc.users) ? doc.users : []) {
    const user = entry?.user ?? {};
    if (user.exec !== undefined || user['auth-provider'] !== undefined) {
      throw new Invalid('clusterConfig is refused: users with exec or auth-provider would run commands on the server');
    }
    if (!opts.allowFiles && FILE_KEYS.some((k) => user[k] !== undefined)) {
      throw new Invalid('clusterConfig is refused: an inline kubeconfig may not reference files of the server');
    }
  }
  if (!opts.allowFiles) {
    for (const entry of doc.clusters) {
      if (FILE_KEYS.some((k) => entry?.cluster?.[k] !== undefined)) {
        throw new Invalid('clusterConfig is refused: an inline kubeconfig may not reference files of the server');
      }
    }
  }
  const kc = new (kubernetesSdk().sdk.KubeConfig)();
  try {
    kc.loadFromString(text);
  } catch {
    throw new Invalid('clusterConfig is not a readable kubeconfig');
  }
  // The object the client will use, checked again (anchors and aliases resolved).
  if (kc.users.some((u) => u.exec !== undefined || u.authProvider !== undefined)) {
    throw new Invalid('clusterConfig is refused: users with exec or auth-provider would run commands on the server');
  }
  if (!opts.allowFiles && (kc.users.some((u) => u.certFile || u.keyFile) || kc.clusters.some((c) => c.caFile))) {
    throw new Invalid('clusterConfig is refused: an inline kubeconfig may not reference files of the server');
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster || !/^https?:\/\//i.test(cluster.server ?? '')) {
    throw new Invalid('clusterConfig has no current context with a cluster server URL');
  }
  return kc;
}

/** Whether any mapping of the parsed document (aliases followed once) has a `<<` key. */
function hasMergeKey(root: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, '<<')) return true;
    stack.push(...Object.values(node));
  }
  return false;
}

/** Decodes mesh one's base64 `clusterConfig` (standard or URL-safe alphabet). */
export function decodeBase64Kubeconfig(value: string): string {
  // A '+' sent unencoded in a query string arrives as a space (form encoding); base64 has no spaces
  // of its own, so a space is a '+' (line breaks of wrapped base64 are dropped).
  const compact = value.replace(/ /g, '+').replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact))
    throw new Invalid('clusterConfig must be a base64-encoded kubeconfig');
  return Buffer.from(compact.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
}

/**
 * Mesh two's `clusterConfig`: kubeconfig text, or the path of a file under the folder of
 * `CLUSTER_CONFIG_PATH` (symbolic links resolved before the check; 400 otherwise).
 */
export async function readTextOrPath(
  value: string,
  configFolder: string | undefined,
): Promise<{ text: string; fromFile: boolean }> {
  if (looksLikeText(value)) return { text: value, fromFile: false };
  if (!configFolder)
    throw new Invalid(
      'clusterConfig file paths are accepted only under the folder of CLUSTER_CONFIG_PATH, which is not set',
    );
  let folder: string;
  let file: string;
  try {
    folder = await realpath(configFolder);
    file = await realpath(isAbsolute(value) ? value : resolve(configFolder, value));
  } catch {
    throw new Invalid('clusterConfig names no readable file under the folder of CLUSTER_CONFIG_PATH');
  }
  if (!file.startsWith(folder + sep))
    throw new Invalid('clusterConfig file paths must lie under the folder of CLUSTER_CONFIG_PATH');
  try {
    return { text: await readFile(file, 'utf8'), fromFile: true };
  } catch {
    throw new Invalid('clusterConfig names no readable file under the folder of CLUSTER_CONFIG_PATH');
  }
}
