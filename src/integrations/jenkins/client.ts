import { BadGateway } from '../../kernel/errors.js';
import { HttpClient, basicAuth } from '../http.js';

/** The raw Jenkins JSON API: `tree` selections with `{from,to}` ranges, basic auth, CSRF crumbs for POSTs. */
export interface JenkinsBuild {
  number: number;
  result: string | null;
  timestamp: number;
  duration: number;
  url?: string;
  building?: boolean;
  displayName?: string;
}

export interface JenkinsJob {
  _class?: string;
  name: string;
  url: string;
  color?: string | null;
  lastBuild?: JenkinsBuild | null;
}

export const JENKINS_SYSTEM = 'serverci (Jenkins)';

/** `folder/job` -> `/job/folder/job/job`: a job inside folders is addressed segment by segment. */
export const jobPath = (name: string) =>
  name
    .split('/')
    .filter(Boolean)
    .map((segment) => `/job/${encodeURIComponent(segment)}`)
    .join('');

export class JenkinsClient {
  private readonly http: HttpClient;

  constructor(opts: { url: string; username: string; apiToken: string; timeoutMs?: number; fetch?: typeof fetch }) {
    this.http = new HttpClient({
      system: JENKINS_SYSTEM,
      baseUrl: opts.url,
      timeoutMs: opts.timeoutMs,
      fetch: opts.fetch,
      headers: { authorization: basicAuth(opts.username, opts.apiToken) },
    });
  }

  async listJobs(limit: number, signal?: AbortSignal): Promise<JenkinsJob[]> {
    const tree = `jobs[name,url,color,lastBuild[number,result,timestamp,duration,url,building]]{0,${limit}}`;
    const body = await this.http.get<{ jobs?: JenkinsJob[] }>('/api/json', { query: { tree }, signal });
    return body?.jobs ?? [];
  }

  async listBuilds(job: string, limit: number, signal?: AbortSignal): Promise<JenkinsBuild[]> {
    const tree = `builds[number,result,timestamp,duration,url,building,displayName]{0,${limit}}`;
    const body = await this.http.get<{ builds?: JenkinsBuild[] }>(`${jobPath(job)}/api/json`, {
      query: { tree },
      signal,
    });
    return body?.builds ?? [];
  }

  /**
   * The CSRF crumb, when the server issues one (404: the crumb issuer is off). Since Jenkins 2.176
   * a crumb is bound to the web session it was issued in, so its session cookie goes along with it.
   */
  async crumb(signal?: AbortSignal): Promise<Record<string, string>> {
    // Read as text: the 404 of a server without a crumb issuer is an HTML page.
    const res = await this.http.request<string>('GET', '/crumbIssuer/api/json', { accept: [404], as: 'text', signal });
    if (res.status === 404) return {};
    let issued: { crumb?: unknown; crumbRequestField?: unknown } = {};
    try {
      issued = JSON.parse(res.body) as typeof issued;
    } catch {
      throw new BadGateway(`${JENKINS_SYSTEM} sent a crumb that could not be read`);
    }
    if (typeof issued.crumb !== 'string' || typeof issued.crumbRequestField !== 'string') return {};
    const headers: Record<string, string> = { [issued.crumbRequestField]: issued.crumb };
    const cookies = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!.trim())
      .filter(Boolean);
    if (cookies.length) headers.cookie = cookies.join('; ');
    return headers;
  }

  /** `POST …/build` (or `…/buildWithParameters`): Jenkins answers 201 with the queue item in `Location`. */
  async build(
    job: string,
    parameters: Record<string, string> | undefined,
    signal?: AbortSignal,
  ): Promise<{ location: string | null }> {
    const headers = await this.crumb(signal);
    const withParams = parameters && Object.keys(parameters).length > 0;
    const res = await this.http.request('POST', `${jobPath(job)}/${withParams ? 'buildWithParameters' : 'build'}`, {
      headers,
      body: withParams ? new URLSearchParams(parameters) : '',
      // Older servers redirect to the job page instead of answering 201.
      accept: [302, 303],
      as: 'none',
      signal,
    });
    return { location: res.headers.get('location') };
  }
}
