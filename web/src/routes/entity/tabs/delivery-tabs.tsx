// Delivery tabs: deployments (by environment), pipelines that deploy the component with their latest
// runs, and incidents that name it.
import { Link } from '@tanstack/react-router';
import { DeploymentOrigin } from '../../../components/deployments/deployment-origin';
import { Badge } from '../../../components/ui/badge';
import type { CatalogEntity, Pipeline } from '../queries';
import { useDeployments, useEnvironments, useLatestIncidents, usePipelineRuns, usePipelines } from '../queries';
import { SCAN_LIMIT } from '../keys';
import { QueryView, SectionTitle, SimpleTable } from './tab-states';
import { formatDateTime } from '../../../lib/format';

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'primary';
export function statusTone(status: string): Tone {
  if (/^(succeeded|success|resolved|healthy|active|ready)$/i.test(status)) return 'success';
  if (/^(failed|failure|rolled_back|cancelled|rejected|open|P1|critical)$/i.test(status)) return 'danger';
  if (/^(pending|queued|running|in_progress|investigating|identified|waiting_approval|P2|high)$/i.test(status))
    return 'warning';
  return 'neutral';
}
export const StatusBadge = ({ status }: { status: string }) => (
  <Badge tone={statusTone(status)}>{status.replaceAll('_', ' ')}</Badge>
);

export function DeploymentsTab({ entity }: { entity: CatalogEntity }) {
  const deployments = useDeployments(entity.id);
  const environments = useEnvironments();
  const envName = (id: string) => environments.data?.data.find((e) => e.id === id)?.name ?? id.slice(0, 8);
  return (
    <QueryView
      query={deployments}
      label="deployments"
      isEmpty={(d) => d.total === 0}
      empty={{
        title: 'No deployments yet',
        body: 'A pipeline with a deploy stage for this component records one on each run; CI/CD systems record theirs with hangar deploy record or a webhook.',
      }}
    >
      {(page) => (
        <>
          <SectionTitle
            aside={
              <span className="flex items-center gap-3 text-xs text-muted-foreground">
                {page.total > page.data.length ? `latest ${page.data.length} of ${page.total}` : `${page.total}`}
                <Link
                  to="/deployments"
                  search={{ component: entity.id }}
                  className="font-medium text-primary hover:underline"
                >
                  Open in the deployments feed
                </Link>
              </span>
            }
          >
            Deployments
          </SectionTitle>
          <SimpleTable label="Deployments" head={['Version', 'Environment', 'Status', 'By', 'When']}>
            {page.data.map((d) => (
              <tr key={d.id}>
                <td className="font-mono">{d.version}</td>
                <td>{envName(d.environmentId)}</td>
                <td>
                  <StatusBadge status={d.status} />
                </td>
                <td>
                  <DeploymentOrigin d={d} />
                </td>
                <td>{formatDateTime(d.createdAt)}</td>
              </tr>
            ))}
          </SimpleTable>
        </>
      )}
    </QueryView>
  );
}

/** Pipelines reach a component through their deploy stages' `componentId` (decision 173). */
export const deploysComponent = (p: Pipeline, componentId: string) =>
  p.stages.some((s) => s.type === 'deploy' && s.config.componentId === componentId);

function PipelineRuns({ pipeline }: { pipeline: Pipeline }) {
  const runs = usePipelineRuns(pipeline.id);
  return (
    <section aria-label={`Pipeline ${pipeline.name}`} className="grid grid-cols-1 gap-2">
      <SectionTitle
        aside={<span className="text-xs text-muted-foreground">{pipeline.stages.map((s) => s.name).join(' → ')}</span>}
      >
        {pipeline.name}
      </SectionTitle>
      <QueryView
        query={runs}
        label={`runs of ${pipeline.name}`}
        isEmpty={(r) => r.length === 0}
        empty={{ title: 'No runs yet', body: 'Trigger the pipeline to see its runs here.' }}
      >
        {(list) => (
          <SimpleTable
            label={`Runs of ${pipeline.name}`}
            head={['Version', 'Status', 'Commit', 'Triggered by', 'Started', 'Duration']}
          >
            {list.slice(0, 10).map((r) => (
              <tr key={r.id}>
                <td className="font-mono">{r.version}</td>
                <td>
                  <StatusBadge status={r.status} />
                </td>
                <td className="font-mono">{r.commitSha.slice(0, 10)}</td>
                <td>{r.triggeredBy}</td>
                <td>{formatDateTime(r.startedAt ?? r.createdAt)}</td>
                <td>{r.durationMs != null ? `${Math.round(r.durationMs / 1000)} s` : '—'}</td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </QueryView>
    </section>
  );
}

export function PipelinesTab({ entity }: { entity: CatalogEntity }) {
  const pipelines = usePipelines();
  return (
    <QueryView query={pipelines} label="pipelines">
      {(page) => {
        const mine = page.data.filter((p) => deploysComponent(p, entity.id));
        return (
          <div className="grid grid-cols-1 gap-5">
            {mine.length === 0 ? (
              <p className="rounded-lg border border-dashed p-4 text-[13px] text-muted-foreground">
                No pipeline deploys this component. A pipeline belongs here when one of its <code>deploy</code> stages
                names this component.
              </p>
            ) : (
              mine.map((p) => <PipelineRuns key={p.id} pipeline={p} />)
            )}
            {page.total > SCAN_LIMIT && (
              <p className="text-xs text-muted-foreground">
                Only the first {SCAN_LIMIT} of {page.total} pipelines were checked.
              </p>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}

export function IncidentsTab({ entity }: { entity: CatalogEntity }) {
  const incidents = useLatestIncidents();
  return (
    <QueryView query={incidents} label="incidents">
      {(page) => {
        const mine = page.data.filter((i) => i.affectedComponentIds.includes(entity.id));
        return mine.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-[13px] text-muted-foreground">
            No incident among the latest {Math.min(page.total, SCAN_LIMIT)} names this component as affected.
          </p>
        ) : (
          <SimpleTable label="Incidents" head={['Severity', 'Title', 'Status', 'Opened', 'Resolved']}>
            {mine.map((i) => (
              <tr key={i.id}>
                <td>
                  <StatusBadge status={i.severity} />
                </td>
                <td className="font-medium">{i.title}</td>
                <td>
                  <StatusBadge status={i.status} />
                </td>
                <td>{formatDateTime(i.createdAt)}</td>
                <td>{formatDateTime(i.resolvedAt)}</td>
              </tr>
            ))}
          </SimpleTable>
        );
      }}
    </QueryView>
  );
}
