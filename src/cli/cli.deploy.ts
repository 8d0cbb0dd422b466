import { connection } from './cli.config.js';
import { CliError, EXIT } from './cli.errors.js';
import { callApi } from './cli.http.js';
import { print } from './cli.output.js';

type Env = Record<string, string | undefined>;

export interface RecordOptions {
  component: string;
  environment: string;
  status: string;
  version?: string;
  revision?: string;
  url?: string;
  externalId?: string;
  source?: string;
  startedAt?: string;
  finishedAt?: string;
  organization?: string;
  json?: boolean;
}

/**
 * What the CI running this command says about itself (decision 868): its name as the source, its
 * run as the external id, its commit and the run's page. The run id alone would make every
 * deployment of one run the same deployment (a matrix, a monorepo), so the default external id
 * adds the component and environment: `<run>:<component>:<environment>`.
 */
export function fromCi(env: Env): { source: string; run?: string; revision?: string; url?: string } {
  if (env.GITHUB_ACTIONS === 'true' || env.GITHUB_RUN_ID) {
    const server = env.GITHUB_SERVER_URL || 'https://github.com';
    return {
      source: 'github-actions',
      run: env.GITHUB_RUN_ID ? `${env.GITHUB_RUN_ID}-${env.GITHUB_RUN_ATTEMPT || '1'}` : undefined,
      revision: env.GITHUB_SHA,
      url:
        env.GITHUB_RUN_ID && env.GITHUB_REPOSITORY
          ? `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
          : undefined,
    };
  }
  if (env.GITLAB_CI === 'true' || env.CI_PIPELINE_ID) {
    return { source: 'gitlab-ci', run: env.CI_PIPELINE_ID, revision: env.CI_COMMIT_SHA, url: env.CI_PIPELINE_URL };
  }
  if (env.BUILD_TAG || env.JENKINS_URL)
    return { source: 'jenkins', run: env.BUILD_TAG, revision: env.GIT_COMMIT, url: env.BUILD_URL };
  return { source: 'cli' };
}

const STATUSES = ['started', 'succeeded', 'failed', 'rolled_back'];

interface EventAnswer {
  outcome: 'created' | 'moved' | 'unchanged';
  deployment: { id: string; status: string; version: string };
}

/** `hangar deploy record`: one deployment event (`POST /api/v1/deployments/events`). */
export async function recordCommand(opts: RecordOptions, env: Env = process.env): Promise<number> {
  if (!STATUSES.includes(opts.status)) throw new CliError(`--status must be one of: ${STATUSES.join(', ')}`);
  const ci = fromCi(env);
  const externalId = opts.externalId ?? (ci.run ? `${ci.run}:${opts.component}:${opts.environment}` : undefined);
  if (!externalId)
    throw new CliError(
      '--external-id is required outside GitHub Actions, GitLab CI and Jenkins (it names the deployment in later events)',
    );
  const revision = opts.revision ?? ci.revision;
  if (!opts.version && !revision) throw new CliError('give --version or --revision');
  const conn = connection(env, opts.organization);
  const body = {
    source: opts.source ?? ci.source,
    externalId,
    component: opts.component,
    environment: opts.environment,
    status: opts.status,
    version: opts.version,
    revision,
    url: opts.url ?? ci.url,
    startedAt: opts.startedAt,
    finishedAt: opts.finishedAt,
  };
  const answer = await callApi<EventAnswer>(conn, 'POST', '/api/v1/deployments/events', body);
  const r = answer.body;
  if (opts.json) print(JSON.stringify(r, null, 2));
  else
    print(
      `${r.outcome} deployment ${r.deployment.id}: ${opts.component} ${r.deployment.version} to ${opts.environment}, ${r.deployment.status} (${body.source} ${externalId})`,
    );
  return EXIT.ok;
}
