import type { JenkinsBuild } from '../../src/integrations/jenkins/client.js';
import { sendJson, startFakeServer, type FakeServer } from './fake-server.js';

/**
 * A local Jenkins (https://www.jenkins.io/doc/book/using/remote-access-api/): HTTP basic auth with an
 * API token (401 with `WWW-Authenticate` otherwise, 403 for a user without rights); `GET /api/json`
 * and `GET /job/<name>/api/json` honouring `tree` selections and `{from,to}` ranges; a CSRF crumb at
 * `/crumbIssuer/api/json` bound to its session cookie (404 when `crumbs` is off), required on POSTs
 * (403 "No valid crumb was included in the request"); `POST /job/<name>/build` answering 201 with
 * `Location: <root>/queue/item/<n>/`. Missing jobs answer 404 with an HTML page, as Jenkins does.
 */
export interface JenkinsFake extends FakeServer {
  jobs: Map<string, { color: string; builds: JenkinsBuild[]; parameters?: boolean }>;
  users: Map<string, string>;
  readOnlyUsers: Set<string>;
  crumbs: boolean;
  triggered: { job: string; params: Record<string, string> }[];
}

export function jenkinsBuilds(results: (string | null)[]): JenkinsBuild[] {
  return results.map((result, i) => ({
    number: results.length - i,
    result,
    timestamp: Date.UTC(2026, 0, 1) + (results.length - i) * 60_000,
    duration: result === null ? 0 : 12_345,
    building: result === null,
    displayName: `#${results.length - i}`,
  }));
}

/** Applies a Jenkins `tree` range `{from,to}` (`{n}` = just n, `{,to}`, `{from,}`). */
function range<T>(items: T[], spec: string | undefined): T[] {
  if (!spec) return items;
  const [from, to] = spec.includes(',') ? spec.split(',') : [spec, String(Number(spec) + 1)];
  return items.slice(from ? Number(from) : 0, to ? Number(to) : undefined);
}

export async function startJenkinsServer(): Promise<JenkinsFake> {
  const session = `JSESSIONID.fake=${Math.random().toString(36).slice(2)}`;
  const crumb = 'c7a1b2c3d4';
  let queue = 40;
  const initial = {
    jobs: new Map<string, { color: string; builds: JenkinsBuild[]; parameters?: boolean }>(),
    users: new Map([['ci-bot', 'jenkins-api-token']]),
    readOnlyUsers: new Set<string>(),
    crumbs: true,
    triggered: [] as JenkinsFake['triggered'],
  };
  // eslint-disable-next-line prefer-const
  let fake: JenkinsFake;
  const server = await startFakeServer((req, res, url) => {
    const extra = fake;
    const root = server.url;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [user, token] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if (!user || extra.users.get(user) !== token) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Jenkins"', 'content-type': 'text/html' });
      return res.end('<html><body>Unauthorized</body></html>');
    }
    if (extra.readOnlyUsers.has(user) && req.method === 'POST') {
      res.writeHead(403, { 'content-type': 'text/html' });
      return res.end('<html><body>ci-bot is missing the Job/Build permission</body></html>');
    }
    const tree = url.searchParams.get('tree') ?? '';
    const rangeOf = (field: string) => new RegExp(`^${field}\\[.*\\]\\{([^}]*)\\}$`).exec(tree)?.[1];
    const withColor = (name: string, j: { color: string; builds: JenkinsBuild[] }) => ({
      _class: 'hudson.model.FreeStyleProject',
      name,
      url: `${root}/job/${encodeURIComponent(name)}/`,
      color: j.color,
      lastBuild: j.builds[0]
        ? { _class: 'hudson.model.FreeStyleBuild', ...j.builds[0], url: `${root}/job/${name}/${j.builds[0].number}/` }
        : null,
    });

    if (req.method === 'GET' && url.pathname === '/api/json') {
      const jobs = [...extra.jobs.entries()].map(([n, j]) => withColor(n, j));
      return sendJson(res, 200, { _class: 'hudson.model.Hudson', jobs: range(jobs, rangeOf('jobs')) });
    }
    if (req.method === 'GET' && url.pathname === '/crumbIssuer/api/json') {
      if (!extra.crumbs) {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<html>Not Found</html>');
      }
      return sendJson(
        res,
        200,
        { _class: 'hudson.security.csrf.DefaultCrumbIssuer', crumb, crumbRequestField: 'Jenkins-Crumb' },
        { 'set-cookie': `${session}; Path=/; HttpOnly` },
      );
    }
    const m = /^\/job\/([^/]+)\/(api\/json|build|buildWithParameters)$/.exec(url.pathname);
    const name = m ? decodeURIComponent(m[1]!) : undefined;
    const job = name ? extra.jobs.get(name) : undefined;
    if (!m || !job) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<html><body>Not Found</body></html>');
    }
    if (m[2] === 'api/json' && req.method === 'GET') {
      const builds = job.builds.map((b) => ({
        _class: 'hudson.model.FreeStyleBuild',
        ...b,
        url: `${root}/job/${name}/${b.number}/`,
      }));
      return sendJson(res, 200, { _class: 'hudson.model.FreeStyleProject', builds: range(builds, rangeOf('builds')) });
    }
    if (req.method !== 'POST') return sendJson(res, 405, {});
    if (extra.crumbs && (req.headers['jenkins-crumb'] !== crumb || !(req.headers.cookie ?? '').includes(session))) {
      res.writeHead(403, { 'content-type': 'text/html' });
      return res.end('<html><body>No valid crumb was included in the request</body></html>');
    }
    if (m[2] === 'build' && job.parameters) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('<html>Nothing is submitted</html>');
    }
    extra.triggered.push({ job: name!, params: Object.fromEntries(new URLSearchParams(req.body)) });
    res.writeHead(201, { location: `${root}/queue/item/${++queue}/` });
    return res.end();
  });
  fake = Object.assign(server, initial);
  return fake;
}
