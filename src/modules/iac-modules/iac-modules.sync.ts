import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { IacOutputMeta, IacVariableMeta } from '../../db/schema/index.js';
import { GitError, withTempDir, type Git } from '../../infra/git.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { HclParseError, highestVersion, moduleMeta, tagVersion } from './hcl-meta.js';
import { iacModulesRepository as repo } from './iac-modules.repository.js';

export interface SyncDeps {
  db: Database;
  database: Pick<DatabaseHandle, 'withLock'>;
  git: Git;
}

export interface SyncResult {
  newVersions: number;
  latestVersion: string | null;
}

/** How many tags are cloned at once on a first sync of a repository with many tags. */
const CLONE_CONCURRENCY = 4;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * A repository that cannot be read is a 400 naming git's reason: the module's `sourceRepoUrl` is the
 * bad input. Same answer as an unreachable catalog location (DECISIONS.md), and the module error list
 * of the interface (400, 401, 404, 409, 500) has no 502.
 */
const unreachable = (message: string) => new Invalid(message, [{ field: 'sourceRepoUrl', problem: 'the repository or tag cannot be read' }]);

/** Every `*.tf` file at the root of a checkout (regular files only: a symlink could point anywhere). */
async function rootTfFiles(dir: string): Promise<{ name: string; content: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isFile() && e.name.endsWith('.tf')).map((e) => e.name);
  return Promise.all(names.map(async (name) => ({ name, content: await readFile(join(dir, name), 'utf8') })));
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function createModuleSync({ db, database, git }: SyncDeps) {
  // PGlite's withLock is a no-op (one process owns the database): this chain serialises syncs of
  // one module inside the process; the advisory lock does it across processes on PostgreSQL.
  const chains = new Map<string, Promise<void>>();
  function serialised<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = chains.get(key) ?? Promise.resolve();
    const run = prev.then(fn);
    const tail = run.then(
      () => {},
      () => {},
    );
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return run;
  }

  async function readTag(url: string, tag: string) {
    return withTempDir('iac-module', async (dir) => {
      const checkout = join(dir, 'src');
      try {
        await git.shallowClone(url, checkout, tag);
      } catch (err) {
        if (err instanceof GitError) throw unreachable(`Could not clone tag ${tag} of the source repository: ${oneLine(err.reason)}`);
        throw err;
      }
      try {
        return await moduleMeta(await rootTfFiles(checkout));
      } catch (err) {
        if (err instanceof HclParseError)
          throw new Invalid(`Tag ${tag}: cannot parse ${err.message}`, [{ field: 'sourceRepoUrl', problem: `tag ${tag} holds unparseable HCL` }]);
        throw err;
      }
    });
  }

  async function syncNow(id: string): Promise<SyncResult> {
    const mod = await repo.findById(db, id);
    if (!mod) throw new NotFound('IaC module not found');
    git.assertUrl(mod.sourceRepoUrl, 'sourceRepoUrl');

    let tags: string[];
    try {
      tags = await git.listTags(mod.sourceRepoUrl);
    } catch (err) {
      if (err instanceof GitError) throw unreachable(`Could not list the tags of the source repository: ${oneLine(err.reason)}`);
      throw err;
    }

    const stored = await repo.versionNames(db, id);
    // One record per semver: a repository tagging both v1.0.0 and 1.0.0 gets one version.
    const known = new Set(stored.map((v) => tagVersion(v) ?? v));
    const fresh: string[] = [];
    for (const tag of [...tags].sort()) {
      const semver = tagVersion(tag);
      if (!semver || known.has(semver)) continue;
      known.add(semver);
      fresh.push(tag);
    }

    // Everything is read before anything is written: a failing tag leaves the module untouched.
    const records: { version: string; variablesMeta: IacVariableMeta[]; outputsMeta: IacOutputMeta[] }[] = await mapLimited(
      fresh,
      CLONE_CONCURRENCY,
      async (tag) => {
        const meta = await readTag(mod.sourceRepoUrl, tag);
        return { version: tag, variablesMeta: meta.variables, outputsMeta: meta.outputs };
      },
    );

    const latest = highestVersion([...stored, ...fresh]);
    if (records.length === 0 && latest === mod.latestVersion) return { newVersions: 0, latestVersion: latest };

    try {
      return await db.transaction(async (tx) => {
        const inserted = await repo.insertVersions(tx, id, records);
        const all = await repo.versionNames(tx, id);
        const latestVersion = highestVersion(all);
        const current = await repo.findById(tx, id);
        if (!current) throw new NotFound('IaC module not found');
        if (current.latestVersion !== latestVersion) await repo.setLatestVersion(tx, id, latestVersion);
        return { newVersions: inserted.length, latestVersion };
      });
    } catch (err) {
      // The module was deleted while its tags were being cloned.
      for (let e: any = err; e; e = e.cause) if (e.code === '23503') throw new NotFound('IaC module not found');
      throw err;
    }
  }

  return {
    sync(id: string): Promise<SyncResult> {
      const key = `iac-module-sync:${id}`;
      return serialised(key, () => database.withLock(key, () => syncNow(id)));
    },
  };
}

export type ModuleSync = ReturnType<typeof createModuleSync>;
