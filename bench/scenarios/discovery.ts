import { sign } from '@octokit/webhooks-methods';
import { startFakeGithub } from '../../test/fakes/servers/github-server.js';
import { percentile, type BenchContext, type BenchRow, type Scenario } from '../lib.js';

/**
 * Catalog discovery (issue 37, decisions 1012–1016) against the local GitHub-shaped server with its
 * limits enforced: a budget of 15,000 requests an hour (a GitHub App installation on Enterprise
 * Cloud) and the secondary limit above 10 requests in flight. A first scan of BENCH_DISCOVERY_REPOS
 * (default 10,000) repositories (goal: under 5 minutes), the rescan with nothing changed (goal: one
 * 304 per listing page and nothing else), and push-to-visible: a signed `push` delivery until the
 * changed entity is answered by the API, BENCH_DISCOVERY_PUSHES (default 100) times, p50/p99.
 */
const REPOS = Number(process.env.BENCH_DISCOVERY_REPOS ?? 10_000);
const PUSHES = Number(process.env.BENCH_DISCOVERY_PUSHES ?? 100);

const descriptor = (name: string, description: string) =>
  `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\n  description: ${description}\nspec:\n  type: service\n  lifecycle: production\n  owner: team-a\n`;

async function call(ctx: BenchContext, method: string, path: string, body?: unknown) {
  const res = await fetch(`${ctx.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ctx.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as any };
}

async function scanned(ctx: BenchContext, id: string) {
  const started = performance.now();
  const queued = await call(ctx, 'POST', `/api/v1/catalog/discovery/${id}/scan`);
  if (queued.status !== 202) throw new Error(`scan not queued: ${queued.status}`);
  for (;;) {
    const status = (await call(ctx, 'GET', `/api/v1/catalog/discovery/${id}/status`)).json;
    if (status.state === 'finished' || status.state === 'failed')
      return { status, seconds: (performance.now() - started) / 1000 };
    await new Promise((r) => setTimeout(r, 200));
  }
}

const discoveryScenario: Scenario = async (ctx) => {
  const gh = await startFakeGithub();
  try {
    gh.host.limits = { budget: 15_000, windowMs: 3_600_000, maxInFlight: 10, retryAfterS: 1, latencyMs: 0 };
    const owner = `bench-${Math.random().toString(36).slice(2, 8)}`;
    const repos = Array.from({ length: REPOS }, (_, i) =>
      gh.host.add(owner, `repo-${i}`, { file: i % 100 === 0 ? null : descriptor(`${owner}-${i}`, 'first') }),
    );
    const credential = await call(ctx, 'POST', '/api/v1/integrations/credentials', {
      type: 'github',
      name: 'bench discovery',
      value: { token: gh.token },
    });
    if (credential.status !== 201)
      throw new Error(`credential: ${credential.status} ${JSON.stringify(credential.json)}`);
    const source = await call(ctx, 'POST', '/api/v1/catalog/discovery', {
      provider: 'github',
      baseUrl: gh.url,
      owner,
      credentialId: credential.json.id,
    });
    const first = await scanned(ctx, source.json.id);
    const firstRequests = gh.host.counters.total;
    gh.host.resetCounters();
    const again = await scanned(ctx, source.json.id);
    const rows: BenchRow[] = [
      {
        scenario: `discovery: first scan of ${REPOS.toLocaleString('en')} GitHub repositories (rate limits enforced)`,
        database: ctx.kind,
        seconds: Math.round(first.seconds * 100) / 100,
        note: `${first.status.state}; ${first.status.entities.created} entities, ${firstRequests} requests, ${gh.host.counters.secondary} secondary-limit answers; goal < 300 s`,
      },
      {
        scenario: `discovery: rescan of ${REPOS.toLocaleString('en')} unchanged repositories`,
        database: ctx.kind,
        seconds: Math.round(again.seconds * 100) / 100,
        note: `${gh.host.counters.total} requests, ${gh.host.counters.notModified} of them 304 (no rate limit); ${again.status.entities.created + again.status.entities.updated} entities written`,
      },
    ];
    const secret = ctx.env.GITHUB_WEBHOOK_SECRET!;
    const samples: number[] = [];
    const withFile = repos.filter((_, i) => i % 100 !== 0);
    for (let n = 0; n < PUSHES; n++) {
      const repo = withFile[(n * 97) % withFile.length]!;
      const name = `${owner}-${repo.name.slice(5)}`;
      gh.host.push(repo, 'catalog-info.yaml', descriptor(name, `push ${n}`));
      const raw = JSON.stringify({
        ref: 'refs/heads/main',
        repository: {
          id: repo.id,
          full_name: `${owner}/${repo.name}`,
          default_branch: 'main',
          owner: { login: owner },
        },
        commits: [{ id: `c${n}`, added: [], modified: ['catalog-info.yaml'], removed: [] }],
      });
      const started = performance.now();
      const res = await fetch(`${ctx.baseUrl}/api/v1/webhooks/github`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'push',
          'x-github-delivery': crypto.randomUUID(),
          'x-hub-signature-256': await sign(secret, raw),
        },
        body: raw,
      });
      if (res.status !== 200) throw new Error(`push delivery answered ${res.status}: ${await res.text()}`);
      for (;;) {
        const got = await call(ctx, 'GET', `/api/v1/catalog/entities/component/default/${name}`);
        if (got.json?.description === `push ${n}`) break;
        if (performance.now() - started > 30_000) throw new Error(`push ${n} not visible after 30 s`);
      }
      samples.push(performance.now() - started);
    }
    rows.push({
      scenario: `discovery: push webhook to entity visible through the API (${PUSHES} pushes)`,
      database: ctx.kind,
      p50Ms: Math.round(percentile(samples, 50)),
      p99Ms: Math.round(percentile(samples, 99)),
      note: 'signed GitHub push, refresh job, catalog write, GET by entity ref (polled back to back)',
    });
    await call(ctx, 'DELETE', `/api/v1/catalog/discovery/${source.json.id}`);
    await call(ctx, 'DELETE', `/api/v1/integrations/credentials/${credential.json.id}`);
    return rows;
  } finally {
    await gh.close();
  }
};

export default discoveryScenario;
