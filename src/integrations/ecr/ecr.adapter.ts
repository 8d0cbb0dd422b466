import { isoDate } from '../dates.js';
import {
  DescribeImageScanFindingsCommand,
  DescribeImagesCommand,
  DescribeRepositoriesCommand,
  type ECRClient,
  type ImageDetail,
  type ImageScanFindings,
} from '@aws-sdk/client-ecr';
import {
  type RegistryManifest,
  type RegistryPort,
  type RegistryRepository,
  type RegistryTag,
  type ScanResult,
  type ScanStatus,
  type Vulnerability,
} from '../../modules/registry/registry.ports.js';
import { normaliseSeverity } from '../registry-scan.js';
import { createEcrClient, ecrError, type EcrSettings } from './client.js';

const MAX_PAGES = 100;

/** Amazon ECR through the AWS SDK: repositories, tagged images, and basic or enhanced scan findings. */
export class EcrAdapter implements RegistryPort {
  readonly type = 'cloudreg_a';
  private readonly ecr: ECRClient;

  /** `registryId`: the account id of `REGISTRY_URL` (the caller's own registry when unset). */
  constructor(
    settings: EcrSettings,
    private readonly registryId?: string,
  ) {
    this.ecr = createEcrClient(settings);
  }

  private get ids() {
    return this.registryId ? { registryId: this.registryId } : {};
  }

  async ping(signal?: AbortSignal) {
    await this.call(() =>
      this.ecr.send(new DescribeRepositoriesCommand({ ...this.ids, maxResults: 1 }), { abortSignal: signal }),
    );
  }

  async listRepositories(signal?: AbortSignal): Promise<RegistryRepository[]> {
    const out: RegistryRepository[] = [];
    let nextToken: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await this.call(() =>
        this.ecr.send(new DescribeRepositoriesCommand({ ...this.ids, nextToken, maxResults: 1000 }), {
          abortSignal: signal,
        }),
      );
      for (const r of page.repositories ?? []) out.push({ name: r.repositoryName ?? '', uri: r.repositoryUri ?? '' });
      nextToken = page.nextToken;
      if (!nextToken) break;
    }
    return out;
  }

  async listTags(name: string, signal?: AbortSignal): Promise<RegistryTag[]> {
    const out: RegistryTag[] = [];
    let nextToken: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await this.call(() =>
        this.ecr.send(
          new DescribeImagesCommand({
            ...this.ids,
            repositoryName: name,
            filter: { tagStatus: 'TAGGED' },
            nextToken,
            maxResults: 1000,
          }),
          {
            abortSignal: signal,
          },
        ),
      );
      for (const d of page.imageDetails ?? []) {
        for (const tag of d.imageTags ?? [])
          out.push({
            tag,
            digest: d.imageDigest ?? '',
            sizeBytes: d.imageSizeInBytes ?? 0,
            pushedAt: isoDate(d.imagePushedAt),
          });
      }
      nextToken = page.nextToken;
      if (!nextToken) break;
    }
    return out;
  }

  async getManifest(name: string, tag: string, signal?: AbortSignal): Promise<RegistryManifest> {
    const page = await this.call(() =>
      this.ecr.send(new DescribeImagesCommand({ ...this.ids, repositoryName: name, imageIds: [{ imageTag: tag }] }), {
        abortSignal: signal,
      }),
    );
    const d: ImageDetail | undefined = page.imageDetails?.[0];
    if (!d) throw ecrError({ name: 'ImageNotFoundException' }, 'image');
    return {
      digest: d.imageDigest ?? '',
      mediaType: d.imageManifestMediaType ?? 'application/vnd.docker.distribution.manifest.v2+json',
      sizeBytes: d.imageSizeInBytes ?? 0,
      pushedAt: isoDate(d.imagePushedAt),
      tags: d.imageTags ?? [tag],
    };
  }

  async getScan(name: string, tag: string, signal?: AbortSignal): Promise<ScanResult> {
    const vulnerabilities: Vulnerability[] = [];
    let status: ScanStatus = 'PENDING';
    let nextToken: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      let page;
      try {
        page = await this.ecr.send(
          new DescribeImageScanFindingsCommand({
            ...this.ids,
            repositoryName: name,
            imageId: { imageTag: tag },
            nextToken,
            maxResults: 1000,
          }),
          { abortSignal: signal },
        );
      } catch (err) {
        // No scan was ever run for this image: nothing to report yet.
        if ((err as { name?: string }).name === 'ScanNotFoundException')
          return { status: 'PENDING', vulnerabilities: [] };
        throw ecrError(err);
      }
      status = scanStatus(page.imageScanStatus?.status);
      vulnerabilities.push(...findings(page.imageScanFindings));
      nextToken = page.nextToken;
      if (!nextToken) break;
    }
    return { status, vulnerabilities };
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw ecrError(err);
    }
  }
}

function scanStatus(s: string | undefined): ScanStatus {
  if (s === 'COMPLETE' || s === 'ACTIVE') return 'COMPLETE';
  if (s === 'FAILED' || s === 'FINDINGS_UNAVAILABLE') return 'FAILED';
  if (s === 'UNSUPPORTED_IMAGE' || s === 'SCAN_ELIGIBILITY_EXPIRED') return 'UNSUPPORTED';
  return 'PENDING';
}

/** Basic scanning puts package data in `attributes`; enhanced scanning (Inspector) in `packageVulnerabilityDetails`. */
function findings(f: ImageScanFindings | undefined): Vulnerability[] {
  const out: Vulnerability[] = [];
  for (const x of f?.findings ?? []) {
    const attr = (k: string) => x.attributes?.find((a) => a.key === k)?.value;
    out.push({
      cveId: x.name ?? 'UNKNOWN',
      severity: normaliseSeverity(x.severity),
      packageName: attr('package_name') ?? '',
      installedVersion: attr('package_version') ?? '',
      fixedVersion: null,
      description: x.description ?? null,
    });
  }
  for (const x of f?.enhancedFindings ?? []) {
    const details = x.packageVulnerabilityDetails;
    const pkgs = details?.vulnerablePackages?.length ? details.vulnerablePackages : [undefined];
    for (const p of pkgs) {
      out.push({
        cveId: details?.vulnerabilityId ?? x.title ?? 'UNKNOWN',
        severity: normaliseSeverity(x.severity),
        packageName: p?.name ?? '',
        installedVersion: p?.version ?? '',
        fixedVersion: p?.fixedInVersion ?? null,
        description: x.description ?? null,
      });
    }
  }
  return out;
}
