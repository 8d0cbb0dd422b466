import { getRouteApi } from '@tanstack/react-router';
import { useRegistryAvailability, useRepositories, useScan, useTags, type ScanResult } from './queries';
import { Badge } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { IntegrationShell, Section, SelectLink, toneOf } from './integration-shell';
import { ResourceSection } from './resource-table';
import { AvailabilityGate } from './availability-gate';
import { Manifest, Replications, VulnerabilitySync } from './registry-extras';
import { systemConfig } from './systems';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/integrations/registry');
const CONFIG = systemConfig('/integrations/registry');
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL', 'UNDEFINED'] as const;

const bytes = (n: number) =>
  n >= 1e9 ? `${(n / 1e9).toFixed(2)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} kB`;

/** Counts of a scan's findings per severity, every severity listed (zeros included). */
export function countBySeverity(
  scan: Pick<ScanResult, 'vulnerabilities'>,
): Record<(typeof SEVERITIES)[number], number> {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<(typeof SEVERITIES)[number], number>;
  for (const v of scan.vulnerabilities) counts[v.severity] = (counts[v.severity] ?? 0) + 1;
  return counts;
}

function Scan({ repo, tag }: { repo: string; tag: string }) {
  const scan = useScan(repo, tag);
  return (
    <QueryState query={scan} label="scan">
      {(s) => {
        const counts = countBySeverity(s);
        return (
          <div className="grid gap-3">
            <p className="text-[13px]">
              Scan of <code>{`${repo}:${tag}`}</code>:{' '}
              <Badge tone={s.status === 'COMPLETE' ? 'success' : s.status === 'FAILED' ? 'danger' : 'neutral'}>
                {s.status}
              </Badge>
            </p>
            <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Vulnerabilities by severity">
              {SEVERITIES.map((sev) => (
                <div key={sev} className="rounded-lg border p-2.5">
                  <dt className="text-xs text-muted-foreground capitalize">{sev.toLowerCase()}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{counts[sev]}</dd>
                </div>
              ))}
            </dl>
            {s.vulnerabilities.length > 0 && (
              <SimpleTable label="Vulnerabilities" head={['Severity', 'CVE', 'Package', 'Installed', 'Fixed in']}>
                {s.vulnerabilities.slice(0, 500).map((v, i) => (
                  <tr key={`${v.cveId}-${v.packageName}-${i}`}>
                    <td>
                      <Badge tone={toneOf(v.severity)}>{v.severity.toLowerCase()}</Badge>
                    </td>
                    <td className="font-mono">{v.cveId}</td>
                    <td>{v.packageName}</td>
                    <td className="font-mono">{v.installedVersion}</td>
                    <td className="font-mono">{v.fixedVersion ?? '—'}</td>
                  </tr>
                ))}
              </SimpleTable>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}

/** The registry's repositories, the chosen one's tags, and the chosen tag's manifest and scan (`?repo=&tag=`). */
function RegistryContents({ repo, tag, tags }: { repo?: string; tag?: string; tags: ReturnType<typeof useTags> }) {
  // Read once the registry is known to be available, as before this part was cut out of the page.
  const repositories = useRepositories(true);
  return (
    <>
      <ResourceSection
        title="Repositories"
        query={repositories}
        system={CONFIG}
        empty={{ body: 'The registry holds no repository these credentials may read.' }}
        table="Repositories"
        head={['Repository', 'URI', 'Description']}
      >
        {(list) =>
          list.map((r) => (
            <tr key={r.name}>
              <td className="font-medium">
                <SelectLink search={{ repo: r.name, tag: undefined }} selected={repo === r.name}>
                  {r.name}
                </SelectLink>
              </td>
              <td className="max-w-80 truncate font-mono">{r.uri}</td>
              <td>{r.description || '—'}</td>
            </tr>
          ))
        }
      </ResourceSection>
      {repo && (
        <ResourceSection
          title={`Tags of ${repo}`}
          query={tags}
          label="tags"
          empty={{ title: 'No tags', body: 'Nothing has been pushed to this repository.' }}
          table={`Tags of ${repo}`}
          head={['Tag', 'Digest', 'Size', 'Pushed']}
        >
          {(list) =>
            list.map((t) => (
              <tr key={t.tag}>
                <td className="font-medium">
                  <SelectLink search={{ tag: t.tag }} selected={tag === t.tag}>
                    {t.tag}
                  </SelectLink>
                </td>
                <td className="max-w-56 truncate font-mono">{t.digest}</td>
                <td className="tabular-nums">{bytes(t.sizeBytes)}</td>
                <td>{formatDateTime(t.pushedAt)}</td>
              </tr>
            ))
          }
        </ResourceSection>
      )}
    </>
  );
}

export function RegistryPage() {
  const { repo, tag } = route.useSearch();
  const available = useRegistryAvailability();
  // Started with the page, not after the availability answer: a chosen repository's tags load at once.
  const tags = useTags(repo);
  const admin = useIsAdmin();
  return (
    <IntegrationShell
      title="Registry"
      intro="Container images of the configured registry, their tags and vulnerabilities by severity."
    >
      <AvailabilityGate
        query={available}
        label="the registry"
        system={CONFIG}
        notice={() => 'No container registry adapter is configured, so there are no images to list.'}
      >
        <RegistryContents repo={repo} tag={tag} tags={tags} />
        {repo && tag && (
          <Section title="Manifest">
            <Manifest repo={repo} tag={tag} />
          </Section>
        )}
        {repo && tag && (
          <Section title="Vulnerabilities">
            <Scan repo={repo} tag={tag} />
          </Section>
        )}
        <Replications />
        {admin && <VulnerabilitySync />}
      </AvailabilityGate>
    </IntegrationShell>
  );
}
