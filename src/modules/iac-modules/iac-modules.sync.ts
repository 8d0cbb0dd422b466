import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../../db/client.js';
import type { IacFailedVersion, IacOutputMeta, IacVariableMeta } from '../../db/schema/index.js';
import { withTempDir } from '../../infra/temp-dir.js';
import { GitError, GitUrlRefused, type Git } from '../../integrations/git/git.port.js';
import { mapLimit } from '../../kernel/concurrency.js';
import { isForeignKeyViolation } from '../../kernel/db-errors.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { HclParseError, highestVersion, moduleMeta, sortVersionsDesc, tagVersion, type HclParser } from './hcl-meta.js';
import { iacModulesRepository as repo } from './iac-modules.repository.js';

export interface SyncDeps {
  db: Database;
  git: Git;
  parser: HclParser;
  /** Tags cloned and parsed at once (IAC_SYNC_CONCURRENCY). */
  concurrency: number;
  /** Wall-clock limit of one sync (IAC_SYNC_TIMEOUT_S): git calls still running are killed. */
  timeoutMs: number;
}

export interface SyncResult {
  newVersions: number;
  latestVersion: string | null;
  failedVersions: { version: string; error: string }[];
}

/** Bounds the files one tag may hold at its root (a hostile repository costs bounded work). */
const MAX_ROOT_FILES = 1000;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * A repository whose tags cannot be listed is a 400 naming git's reason: the module's
 * `sourceRepoUrl` is the bad input (the module error list of the document has no 502).
 */
const unreachable = (message: string) =>
  new Invalid(message, [{ field: 'sourceRepoUrl', problem: 'the repository cannot be read' }]);

/** Every `*.tf` and `*.tf.json` file at the root of a checkout (regular files only: a symlink could point anywhere). */
async function rootFiles(dir: string): Promise<{ name: string; content: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isFile() && (e.name.endsWith('.tf') || e.name.endsWith('.tf.json')))
    .map((e) => e.name);
  if (names.length > MAX_ROOT_FILES)
    throw new HclParseError(`the module root holds more than ${MAX_ROOT_FILES} Terraform files`);
  return Promise.all(names.map(async (name) => ({ name, content: await readFile(join(dir, name), 'utf8') })));
}

type TagResult =
  { version: string; variablesMeta: IacVariableMeta[]; outputsMeta: IacOutputMeta[] } | { failed: IacFailedVersion };

const sameFailures = (a: IacFailedVersion[], b: IacFailedVersion[]) => JSON.stringify(a) === JSON.stringify(b);
export const publicFailures = (list: IacFailedVersion[]) => list.map(({ version, error }) => ({ version, error }));

// Syncs of one module in this process run one after the other (cheap, and the second finds the
// first's versions stored); across processes the unique index is enough.
function serialiser() {
  const chains = new Map<string, Promise<void>>();
  return function serialised<T>(key: string, fn: () => Promise<T>): Promise<T> {
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
  };
}

/** The semver tags not stored nor finally failed yet (`known`), one tag per version (decision 1170: out of syncNow). */
function freshTags(tags: string[], known: string[]) {
  const seen = new Set(known.map((v) => tagVersion(v) ?? v));
  const fresh: string[] = [];
  for (const tag of [...tags].sort()) {
    const semver = tagVersion(tag);
    if (!semver || seen.has(semver)) continue;
    seen.add(semver);
    fresh.push(tag);
  }
  return fresh;
}

/**
 * Module syncs. Network work (listing tags, cloning, parsing) holds no database connection and no
 * lock: a slow remote cannot pin the pool. The write is one short transaction; the unique index on
 * (module, version) keeps concurrent syncs from storing a tag twice.
 */
export function createModuleSync({ db, git, parser, concurrency, timeoutMs }: SyncDeps) {
  const serialised = serialiser();

  /** One tag: cloned and parsed, or recorded as failed (a git failure may be retried by the next sync, a parse failure not). */
  async function readTag(url: string, tag: string, signal: AbortSignal): Promise<TagResult> {
    return withTempDir('iac-module', async (dir) => {
      const checkout = join(dir, 'src');
      try {
        await git.shallowClone(url, checkout, tag, { signal });
      } catch (err) {
        if (!(err instanceof GitError)) throw err;
        return {
          failed: {
            version: tag,
            error: `Could not clone tag ${tag}: ${oneLine(err.reason)}`,
            retry: !(err instanceof GitUrlRefused),
          },
        };
      }
      try {
        const meta = await moduleMeta(await rootFiles(checkout), parser);
        return { version: tag, variablesMeta: meta.variables, outputsMeta: meta.outputs };
      } catch (err) {
        if (!(err instanceof HclParseError)) throw err;
        return { failed: { version: tag, error: `Tag ${tag}: cannot parse ${err.message}`, retry: false } };
      }
    });
  }

  async function syncNow(id: string): Promise<SyncResult> {
    const mod = await repo.findById(db, id);
    if (!mod) throw new NotFound('IaC module not found');
    git.assertUrl(mod.sourceRepoUrl, 'sourceRepoUrl');
    const signal = AbortSignal.timeout(timeoutMs);

    let tags: string[];
    try {
      tags = await git.listTags(mod.sourceRepoUrl, { signal });
    } catch (err) {
      if (err instanceof GitError)
        throw unreachable(`Could not list the tags of the source repository: ${oneLine(err.reason)}`);
      throw err;
    }

    const stored = await repo.versionNames(db, id);
    const present = new Set(tags);
    // A parse failure is final for a tag (tags do not move); a git failure is tried again.
    const final = mod.failedVersions.filter((f) => !f.retry && present.has(f.version));
    // One record per semver: a repository tagging both v1.0.0 and 1.0.0 gets one version.
    const fresh = freshTags(tags, [...stored, ...final.map((f) => f.version)]);

    const results = await mapLimit(fresh, concurrency, (tag) => readTag(mod.sourceRepoUrl, tag, signal));
    const records = results.filter((r): r is Exclude<TagResult, { failed: IacFailedVersion }> => !('failed' in r));
    const failures = sortVersionsDesc([...final, ...results.flatMap((r) => ('failed' in r ? [r.failed] : []))]);

    const latest = highestVersion(stored);
    if (records.length === 0 && latest === mod.latestVersion && sameFailures(failures, mod.failedVersions)) {
      return { newVersions: 0, latestVersion: latest, failedVersions: publicFailures(failures) };
    }
    try {
      return await db.transaction(async (tx) => {
        const inserted = await repo.insertVersions(tx, id, records);
        const latestVersion = highestVersion(await repo.versionNames(tx, id));
        const current = await repo.findById(tx, id);
        if (!current) throw new NotFound('IaC module not found');
        const changes: { latestVersion?: string | null; failedVersions?: IacFailedVersion[] } = {};
        if (current.latestVersion !== latestVersion) changes.latestVersion = latestVersion;
        if (!sameFailures(current.failedVersions, failures)) changes.failedVersions = failures;
        if (Object.keys(changes).length > 0) await repo.setSyncState(tx, id, changes);
        return { newVersions: inserted.length, latestVersion, failedVersions: publicFailures(failures) };
      });
    } catch (err) {
      // The module was deleted while its tags were being cloned.
      if (isForeignKeyViolation(err)) throw new NotFound('IaC module not found');
      throw err;
    }
  }

  return {
    sync(id: string): Promise<SyncResult> {
      return serialised(id, () => syncNow(id));
    },
  };
}

export type ModuleSync = ReturnType<typeof createModuleSync>;
