import { chmod, chown, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Who script stages run as (decision 208). The scrubbed environment keeps secrets out of a stage's
 * own variables, but a process of the same uid can read the server's `/proc/<pid>/environ`; only a
 * different uid closes that. A root server runs stages as `PIPELINE_STAGE_USER` (default `nobody`);
 * a server that is not root cannot switch users, so script stages fail unless the operator accepts
 * the same-uid exposure with `PIPELINE_STAGE_USER=server`.
 */
export type StageIdentity =
  { kind: 'user'; uid: number; gid: number } | { kind: 'server' } | { kind: 'refused'; reason: string };

/** `name` (or a numeric uid) from /etc/passwd. */
async function lookupUser(name: string): Promise<{ uid: number; gid: number } | undefined> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  for (const line of passwd.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (uid === undefined || gid === undefined) continue;
    if (user === name || uid === name) return { uid: Number(uid), gid: Number(gid) };
  }
  return /^\d+$/.test(name) ? { uid: Number(name), gid: Number(name) } : undefined;
}

export async function stageIdentity(setting: string): Promise<StageIdentity> {
  if (setting === 'server') return { kind: 'server' };
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    return {
      kind: 'refused',
      reason: `the server does not run as root, so it cannot run script stages as PIPELINE_STAGE_USER=${setting}; set PIPELINE_STAGE_USER=server to run them as the server's own user (they can then read its environment)`,
    };
  }
  const user = await lookupUser(setting);
  if (!user) return { kind: 'refused', reason: `PIPELINE_STAGE_USER=${setting} names no user of this system` };
  if (user.uid === 0)
    return {
      kind: 'refused',
      reason: 'PIPELINE_STAGE_USER may not be root (use "server" to accept running stages as the server)',
    };
  return { kind: 'user', ...user };
}

/**
 * Hands the run's working folder (and what earlier stages wrote in it) to the stage user, and lets
 * that user pass through the parent folder (traverse only, no listing), so absolute paths work too.
 */
export async function shareWorkDir(workDir: string, parent: string, id: { uid: number; gid: number }): Promise<void> {
  const mode = (await stat(parent)).mode & 0o777;
  if ((mode & 0o001) === 0) await chmod(parent, mode | 0o001);
  await chown(workDir, id.uid, id.gid);
  for (const entry of await readdir(workDir, { recursive: true })) {
    await chown(join(workDir, entry), id.uid, id.gid).catch(() => {});
  }
}
