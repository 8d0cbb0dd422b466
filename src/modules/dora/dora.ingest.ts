import type { Database } from '../../db/client.js';
import type { Jobs } from '../../infra/jobs/catalog.js';
import { GitError, type Git } from '../../integrations/git/git.port.js';
import type { Caller } from '../../kernel/caller.js';
import { doraRepository as repo } from './dora.repository.js';

/** Commits read per deployment at most (decision 568). */
const MAX_CHANGES = 1000;

/**
 * The repository a component's commits are read from (decision 568): the Backstage annotation
 * `backstage.io/source-location` (`url:` form; a `/tree/…` or `/blob/…` suffix is dropped), else
 * `github.com/project-slug`.
 */
export function repositoryOf(annotations: Record<string, string> | null | undefined): string | null {
  const loc = annotations?.['backstage.io/source-location'];
  if (loc && /^url:/i.test(loc)) {
    const url = loc
      .slice(4)
      .trim()
      .replace(/\/(tree|blob)\/.*$/, '')
      .replace(/\/+$/, '');
    if (url) return url;
  }
  const slug = annotations?.['github.com/project-slug'];
  if (slug && /^[\w.-]+\/[\w.-]+$/.test(slug)) return `https://github.com/${slug}.git`;
  return null;
}

/** The revision a deployment shipped: its run's commit, else its version unless that is `latest`. */
export function revisionOf(commitSha: string | null | undefined, version: string): string | null {
  if (commitSha && !/^0+$/.test(commitSha)) return commitSha;
  if (version && version !== 'latest') return version;
  return null;
}

export interface DoraIngestDeps {
  db: Database;
  git: Git;
  jobs: Pick<Jobs, 'enqueue'>;
  log: { warn(obj: object, msg: string): void };
  /** Told the component of each deployment whose facts were written (scorecards' DORA facts, decision 550). */
  factsChanged?: (componentIds: string[]) => void;
}

/** The ingest verbs: a settled deployment queues its facts, the job writes them, the sweep finds the missed ones. */
export function ingestVerbs({ db, git, jobs, log, factsChanged }: DoraIngestDeps) {
  return {
    /** A deployment reached `succeeded` or `rolled_back`: its facts are computed by a job, never on the request path. */
    async deploymentSettled(_caller: Caller, deploymentId: string) {
      try {
        await jobs.enqueue('dora.deployment.ingest', { deploymentId });
      } catch (err) {
        // Redis away: the sweep picks the deployment up later; the deploy itself must not fail.
        log.warn({ err, deploymentId }, 'DORA ingest not queued; the sweep will pick it up');
      }
    },

    /**
     * Writes a deployment's facts (decision 568), idempotently: the row on first sight, the rollback
     * time when it was rolled back, and the commits it shipped, read with git from the component's
     * repository between the previous deployment's revision and this one.
     */
    async ingest(_caller: Caller, deploymentId: string, signal?: AbortSignal): Promise<'skipped' | 'updated' | 'read'> {
      const src = await repo.source(db, deploymentId);
      if (!src || (src.status !== 'succeeded' && src.status !== 'rolled_back')) return 'skipped';
      // Whatever was written, the component's DORA keys may have moved: scorecards re-read them (decision 550).
      try {
        let fact = await repo.findFact(db, deploymentId);
        const rolledBackAt = src.status === 'rolled_back' ? src.updatedAt : null;
        if (!fact) {
          const prev = await repo.previous(db, src);
          await repo.insertFact(db, {
            deploymentId,
            organizationId: src.organizationId ?? null,
            componentId: src.componentId,
            environmentId: src.environmentId,
            teamId: src.teamId,
            production: src.environmentType === 'production',
            version: src.version,
            revision: revisionOf(src.commitSha, src.version),
            previousDeploymentId: prev?.id ?? null,
            // A deployment first seen rolled back: its start is the best known deployment time.
            deployedAt: rolledBackAt ? src.createdAt : src.updatedAt,
            rolledBackAt,
          });
          fact = (await repo.findFact(db, deploymentId))!;
        } else if (rolledBackAt && !fact.rolledBackAt) {
          await repo.updateFact(db, deploymentId, { rolledBackAt });
          if (fact.changesStatus !== 'pending') return 'updated';
        }
        if (fact.changesStatus !== 'pending') return 'updated';

        const url = repositoryOf(src.annotations);
        if (!url) {
          await repo.updateFact(db, deploymentId, { changesStatus: 'no_repository' });
          return 'read';
        }
        if (!fact.revision) {
          await repo.updateFact(db, deploymentId, { changesStatus: 'no_revision' });
          return 'read';
        }
        const prev = fact.previousDeploymentId ? await repo.source(db, fact.previousDeploymentId) : undefined;
        const from = prev ? revisionOf(prev.commitSha, prev.version) : null;
        try {
          const commits = await git.commitsBetween(url, { from, to: fact.revision }, { signal, max: MAX_CHANGES });
          const skewed = commits.filter((c) => c.committedAt.getTime() > fact!.deployedAt.getTime()).length;
          await db.transaction(async (tx) => {
            await repo.replaceChanges(tx, fact!, commits);
            await repo.updateFact(tx, deploymentId, {
              changesStatus: 'read',
              changesError: null,
              changeCount: commits.length,
              skewedCount: skewed,
            });
          });
        } catch (err) {
          if (!(err instanceof GitError) || signal?.aborted) throw err;
          await repo.updateFact(db, deploymentId, { changesStatus: 'failed', changesError: err.reason.slice(0, 500) });
        }
        return 'read';
      } finally {
        factsChanged?.([src.componentId]);
      }
    },

    /** Picks up deployments the ingest job missed (Redis away, a crash): at most `limit` per call. */
    async sweep(_caller: Caller, limit = 500): Promise<string[]> {
      const ids = await repo.missing(db, limit);
      for (const id of ids) await jobs.enqueue('dora.deployment.ingest', { deploymentId: id });
      return ids;
    },

    async pendingIngests(_caller: Caller): Promise<string[]> {
      return repo.pendingFacts(db);
    },
  };
}
