// Infrastructure tabs: IaC modules with their drift, cost (OpenCost), registry vulnerabilities.
import type { CatalogEntity } from '../queries';
import {
  useActualCost,
  useCostAvailable,
  useCostHistory,
  useIacModules,
  useModuleDrift,
  useRegistryAvailable,
  useVulnerabilities,
} from '../queries';
import { Badge } from '../../../components/ui/badge';
import { StatusBadge } from './delivery-tabs';
import { NotConfigured } from '../../../components/ui/not-configured';
import { QueryView, SectionTitle, SimpleTable } from './tab-states';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { QueryState } from '../../../components/ui/query-state';

export function IacTab({ entity }: { entity: CatalogEntity }) {
  const modules = useIacModules(entity.id);
  const drift = useModuleDrift();
  return (
    <QueryView
      query={modules}
      label="IaC modules"
      isEmpty={(m) => m.length === 0}
      empty={{
        title: 'No IaC module is linked',
        body: "Link a module to this component from the module's page in the IaC module catalog.",
      }}
    >
      {(list) => {
        const ids = new Set(list.map((m) => m.id));
        const mine = (drift.data ?? []).filter((d) => d.moduleId && ids.has(d.moduleId));
        return (
          <div className="grid grid-cols-1 gap-5">
            <SimpleTable label="IaC modules" head={['Module', 'Provider', 'Engine', 'Latest version', 'Source']}>
              {list.map((m) => (
                <tr key={m.id}>
                  <td className="font-medium">{m.name}</td>
                  <td>{m.provider}</td>
                  <td>{m.engine ?? '—'}</td>
                  <td className="font-mono">
                    {m.latestVersion ?? '—'}
                    {m.failedVersions.length > 0 && (
                      <Badge
                        tone="warning"
                        className="ml-2"
                        title={m.failedVersions.map((f) => `${f.version}: ${f.error}`).join('\n')}
                      >
                        {m.failedVersions.length} unreadable
                      </Badge>
                    )}
                  </td>
                  <td className="max-w-72 truncate">{m.sourceRepoUrl}</td>
                </tr>
              ))}
            </SimpleTable>
            <section aria-label="Drift">
              <SectionTitle>Drift</SectionTitle>
              <QueryState query={drift} label="drift" rows={2}>
                {() =>
                  mine.length === 0 ? (
                    <p className="text-[13px] text-muted-foreground">
                      No stack uses an outdated version of these modules.
                    </p>
                  ) : (
                    <SimpleTable
                      label="Module drift"
                      head={['Module', 'Stack path', 'Pinned', 'Latest', 'Behind', 'Detected']}
                    >
                      {mine.map((d) => (
                        <tr key={d.id}>
                          <td>{d.moduleName}</td>
                          <td className="font-mono">{d.stackPath}</td>
                          <td className="font-mono">{d.currentRef}</td>
                          <td className="font-mono">{d.latestKnownVersion ?? d.latestRef}</td>
                          <td>
                            <Badge tone={d.versionsBehind > 2 ? 'danger' : 'warning'}>{d.versionsBehind}</Badge>
                          </td>
                          <td>{formatDateTime(d.detectedAt)}</td>
                        </tr>
                      ))}
                    </SimpleTable>
                  )
                }
              </QueryState>
            </section>
          </div>
        );
      }}
    </QueryView>
  );
}

export function CostTab({ entity }: { entity: CatalogEntity }) {
  const available = useCostAvailable();
  const actual = useActualCost(entity.id, available.data?.available === true);
  const history = useCostHistory(entity.id);
  return (
    <QueryState query={available} label="cost" rows={3}>
      {(data) => {
        return (
          <div className="grid grid-cols-1 gap-5">
            {!data.available ? (
              <NotConfigured system="Cost (OpenCost)">
                OpenCost is not configured or does not answer (COST_URL). Stored records are shown below when there are
                any.
              </NotConfigured>
            ) : (
              <QueryView query={actual} label="current cost">
                {(a) => (
                  <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                    {(
                      [
                        ['Last 7 days', a.sevenDay?.totalCost],
                        ['Last 30 days', a.thirtyDay?.totalCost],
                        ['CPU (30 d)', a.thirtyDay?.cpuCost],
                        ['Memory (30 d)', a.thirtyDay?.memoryCost],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label} className="rounded-lg border p-3">
                        <dt className="text-xs text-muted-foreground">{label}</dt>
                        <dd className="text-lg font-semibold tabular-nums">
                          {value == null ? '—' : formatMoney(value)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </QueryView>
            )}
            <section aria-label="Cost history">
              <SectionTitle>History</SectionTitle>
              <QueryView
                query={history}
                label="cost history"
                isEmpty={(h) => h.length === 0}
                empty={{
                  title: 'No cost records',
                  body: 'The cost sync stores one record per component that OpenCost allocates to.',
                }}
              >
                {(rows) => (
                  <SimpleTable label="Cost history" head={['Synced', 'Total', 'CPU', 'Memory', 'Storage', 'Network']}>
                    {rows.map((r) => (
                      <tr key={r.syncedAt} className="tabular-nums">
                        <td>{formatDateTime(r.syncedAt)}</td>
                        <td className="font-medium">{formatMoney(r.totalCost, r.currency)}</td>
                        <td>{formatMoney(r.cpuCost, r.currency)}</td>
                        <td>{formatMoney(r.memoryCost, r.currency)}</td>
                        <td>{formatMoney(r.pvCost, r.currency)}</td>
                        <td>{formatMoney(r.networkCost, r.currency)}</td>
                      </tr>
                    ))}
                  </SimpleTable>
                )}
              </QueryView>
            </section>
          </div>
        );
      }}
    </QueryState>
  );
}

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'unknown'] as const;

export function RegistryTab({ entity }: { entity: CatalogEntity }) {
  const available = useRegistryAvailable();
  const [summary, list] = useVulnerabilities(entity.id);
  const image = entity.annotations['hangar.io/image'];
  return (
    <div className="grid grid-cols-1 gap-5">
      {available.data && !available.data.available && (
        <NotConfigured system="The container registry">
          No registry adapter is configured (REGISTRY_TYPE), or the registry does not answer. Findings stored by earlier
          scans are shown below.
        </NotConfigured>
      )}
      <p className="text-[13px]">
        Image:{' '}
        {image ? (
          <code className="rounded bg-muted px-1">{image}</code>
        ) : (
          <span className="text-muted-foreground">
            no <code>hangar.io/image</code> annotation
          </span>
        )}
      </p>
      <QueryView query={summary} label="vulnerability summary">
        {(s) => (
          <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            <div className="rounded-lg border p-2.5">
              <dt className="text-xs text-muted-foreground">Total</dt>
              <dd className="text-lg font-semibold tabular-nums">{s.total}</dd>
            </div>
            {SEVERITIES.map((sev) => (
              <div key={sev} className="rounded-lg border p-2.5">
                <dt className="text-xs text-muted-foreground capitalize">{sev}</dt>
                <dd className="text-lg font-semibold tabular-nums">{s[sev]}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryView>
      <QueryView
        query={list}
        label="vulnerabilities"
        isEmpty={(l) => l.length === 0}
        empty={{
          title: 'No stored findings',
          body: 'An admin reads its images’ findings from the registry with “Sync vulnerabilities” on Integrations → Registry.',
        }}
      >
        {(rows) => (
          <SimpleTable label="Vulnerabilities" head={['Severity', 'CVE', 'Package', 'Installed', 'Fixed in']}>
            {rows.slice(0, 200).map((v) => (
              <tr key={v.id}>
                <td>
                  <StatusBadge status={v.severity.toLowerCase()} />
                </td>
                <td className="font-mono">{v.cveId}</td>
                <td>{v.package}</td>
                <td className="font-mono">{v.version}</td>
                <td className="font-mono">{v.fixedVersion ?? '—'}</td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </QueryView>
    </div>
  );
}
