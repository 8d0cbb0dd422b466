import { startFakeServer } from './http-server.js';

/**
 * Answers the Amazon ECR JSON 1.1 protocol (POST /, `X-Amz-Target: AmazonEC2ContainerRegistry_V20150921.<Op>`),
 * timestamps as epoch seconds, errors as 400 `{__type, message}`; pages with `nextToken`.
 */
export async function startFakeEcr() {
  const digest = 'sha256:' + 'b'.repeat(64);
  return startFakeServer((req) => {
    const op = String(req.headers['x-amz-target'] ?? '').split('.')[1];
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'))
      return { status: 403, body: { __type: 'UnrecognizedClientException', message: 'no signature' } };
    const body = req.json() ?? {};
    const notFound = (t: string) => ({
      status: 400,
      headers: { 'x-amzn-errortype': t },
      body: { __type: t, message: 'not found' },
    });
    switch (op) {
      case 'DescribeRepositories':
        // Two pages, to prove nextToken is followed.
        if (!body.nextToken)
          return {
            status: 200,
            body: {
              repositories: [
                { repositoryName: 'team/app', repositoryUri: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/team/app' },
              ],
              nextToken: 'p2',
            },
          };
        return {
          status: 200,
          body: {
            repositories: [
              { repositoryName: 'other', repositoryUri: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/other' },
            ],
          },
        };
      case 'DescribeImages': {
        if (body.repositoryName !== 'team/app') return notFound('RepositoryNotFoundException');
        const image = {
          imageDigest: digest,
          imageTags: ['1.0', 'latest'],
          imageSizeInBytes: 4242,
          imagePushedAt: 1714557600,
          imageManifestMediaType: 'application/vnd.docker.distribution.manifest.v2+json',
        };
        if (body.imageIds && !image.imageTags.includes(body.imageIds[0].imageTag))
          return notFound('ImageNotFoundException');
        return { status: 200, body: { imageDetails: [image] } };
      }
      case 'DescribeImageScanFindings':
        if (body.repositoryName !== 'team/app') return notFound('RepositoryNotFoundException');
        return {
          status: 200,
          body: {
            imageScanStatus: { status: 'COMPLETE' },
            imageScanFindings: {
              findings: [
                {
                  name: 'CVE-2023-1',
                  severity: 'HIGH',
                  description: 'd',
                  attributes: [
                    { key: 'package_name', value: 'libc' },
                    { key: 'package_version', value: '2.31' },
                  ],
                },
                { name: 'CVE-2023-2', severity: 'INFORMATIONAL', attributes: [] },
              ],
            },
          },
        };
      default:
        return { status: 400, body: { __type: 'UnknownOperationException' } };
    }
  });
}
