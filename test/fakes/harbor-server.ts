import { startFakeServer } from './http-server.js';

const REPORT = 'application/vnd.security.vulnerability.report; version=1.1';

/**
 * Answers like Harbor's API v2.0 (basic auth `admin:Harbor12345`): repositories, artifacts with tags
 * (repository names double-encoded in paths), the vulnerability addition, replication policies.
 * Errors use Harbor's body `{errors: [{code, message}]}`.
 */
export async function startFakeHarbor() {
  const auth = `Basic ${Buffer.from('admin:Harbor12345').toString('base64')}`;
  const artifact = {
    digest: 'sha256:' + 'a'.repeat(64),
    size: 1234,
    push_time: '2024-05-01T10:00:00.000Z',
    manifest_media_type: 'application/vnd.oci.image.manifest.v1+json',
    tags: [
      { name: '1.0', push_time: '2024-05-01T10:00:00.000Z' },
      { name: 'latest', push_time: '2024-05-02T10:00:00.000Z' },
    ],
    scan_overview: { [REPORT]: { scan_status: 'Success', severity: 'High' } },
  };
  const err = (status: number, code: string) => ({ status, body: { errors: [{ code, message: code.toLowerCase() }] } });
  return startFakeServer((req) => {
    if (req.headers.authorization !== auth) return err(401, 'UNAUTHORIZED');
    const p = req.url.pathname;
    if (p === '/api/v2.0/repositories') {
      return {
        status: 200,
        headers: { 'x-total-count': '2' },
        body: [{ name: 'library/app', description: 'the app' }, { name: 'team/sub/api' }],
      };
    }
    if (p === '/api/v2.0/replication/policies') {
      return {
        status: 200,
        body: [
          {
            id: 7,
            name: 'to-dr',
            dest_namespace: 'dr',
            enabled: true,
            trigger: { type: 'scheduled', trigger_settings: { cron: '0 0 * * * *' } },
          },
        ],
      };
    }
    const m =
      /^\/api\/v2\.0\/projects\/([^/]+)\/repositories\/([^/]+)\/artifacts(?:\/([^/]+))?(\/additions\/vulnerabilities)?$/.exec(
        p,
      );
    if (!m) return err(404, 'NOT_FOUND');
    const repo = `${m[1]}/${decodeURIComponent(decodeURIComponent(m[2]!))}`;
    if (repo !== 'library/app' && repo !== 'team/sub/api') return err(404, 'NOT_FOUND');
    if (!m[3]) return { status: 200, headers: { 'x-total-count': '1' }, body: [artifact] };
    const ref = decodeURIComponent(m[3]);
    if (!artifact.tags.some((t) => t.name === ref) && ref !== artifact.digest) return err(404, 'NOT_FOUND');
    if (!m[4]) return { status: 200, body: artifact };
    return {
      status: 200,
      body: {
        [REPORT]: {
          severity: 'Critical',
          vulnerabilities: [
            {
              id: 'CVE-2024-0001',
              package: 'openssl',
              version: '3.0.1',
              fix_version: '3.0.9',
              severity: 'Critical',
              description: 'bad',
            },
            {
              id: 'CVE-2024-0002',
              package: 'zlib',
              version: '1.2',
              fix_version: '',
              severity: 'High',
              description: '',
            },
            { id: 'CVE-2024-0003', package: 'bash', version: '5.1', severity: 'Negligible' },
            { id: 'CVE-2024-0004', package: 'curl', version: '8.0', severity: 'Unknown' },
            { id: 'CVE-2024-0005', package: 'tar', version: '1.3', severity: 'Low' },
          ],
        },
      },
    };
  });
}
