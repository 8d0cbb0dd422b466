// The deployment that caused an incident (DORA's change failure rate and recovery time read it):
// the linked one with a link to its page, and the deployments of the affected components that went
// out shortly before the incident opened, each one click from being named the cause (admins, as
// PATCH /api/v1/incidents/:id allows; decision 747).
import { Link } from '@tanstack/react-router';
import { useComponentsById, useDeployment, useEnvironment } from '../deployments';
import { useSuggestedCauses, useUpdateIncident, type Incident } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { describeError } from '../../components/ui/states';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

export function CauseSection({ incident, isAdmin }: { incident: Incident; isAdmin: boolean }) {
  const update = useUpdateIncident(incident.id);
  const causeId = incident.causedByDeploymentId;
  const setCause = (causedByDeploymentId: string | null) => update.mutate({ causedByDeploymentId });
  return (
    <section aria-labelledby="cause" className="grid gap-3">
      <h2 id="cause" className="text-sm font-semibold">
        Caused by
      </h2>
      {causeId ? (
        <div className="flex flex-wrap items-center gap-2 text-[13px]">
          <LinkedDeployment id={causeId} />
          {isAdmin && (
            <Button variant="secondary" size="sm" disabled={update.isPending} onClick={() => setCause(null)}>
              Clear the cause
            </Button>
          )}
        </div>
      ) : (
        <p className="text-[13px] text-muted-foreground">No deployment is named as the cause.</p>
      )}
      <SuggestedCauses
        incident={incident}
        causeId={causeId}
        onMark={isAdmin ? (id) => setCause(id) : undefined}
        pending={update.isPending}
      />
      {update.isError && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(update.error).message}
        </p>
      )}
    </section>
  );
}

/** Deployments of the affected components shortly before the incident opened; admins mark one as the cause. */
function SuggestedCauses({
  incident,
  causeId,
  onMark,
  pending,
}: {
  incident: Incident;
  causeId: string | null;
  /** Admins only. */
  onMark?: (deploymentId: string) => void;
  pending: boolean;
}) {
  const suggestions = useSuggestedCauses(incident.id);
  return (
    <div className="grid gap-1.5">
      <h3 className="text-[13px] font-semibold">Suggested: deployments shortly before it opened</h3>
      <QueryState query={suggestions} label="suggested causes" rows={2}>
        {(data) =>
          data.length === 0 ? (
            <p className="text-[13px] text-muted-foreground">
              {incident.affectedComponentIds.length === 0
                ? 'Name the affected components to see the deployments that went out before it.'
                : 'No deployment of the affected components went out shortly before it opened.'}
            </p>
          ) : (
            <ul aria-label="Suggested causes" className="grid gap-2 text-[13px]">
              {data.map((s) => (
                <li key={s.deploymentId} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-2">
                  <Link
                    to="/deployments/$deploymentId"
                    params={{ deploymentId: s.deploymentId }}
                    className="font-medium text-primary hover:underline"
                  >
                    {s.componentName} {s.version}
                  </Link>
                  <span>to {s.environmentName}</span>
                  <span className="text-muted-foreground">
                    <time dateTime={s.deployedAt}>{formatDateTime(s.deployedAt)}</time>, {s.minutesBeforeIncident} min
                    before the incident
                  </span>
                  <span className="ml-auto">
                    {s.deploymentId === causeId ? (
                      <Badge tone="danger">the cause</Badge>
                    ) : (
                      onMark && (
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={pending}
                          aria-label={`Mark ${s.componentName} ${s.version} as the cause`}
                          onClick={() => onMark(s.deploymentId)}
                        >
                          Mark as the cause
                        </Button>
                      )
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

/** The linked deployment in words ("orders-api 1.4.2 to staging, <when>"), linking to its page. */
function LinkedDeployment({ id }: { id: string }) {
  const deployment = useDeployment(id);
  const d = deployment.data;
  const component = useComponentsById(d ? [d.componentId] : []).get(d?.componentId ?? '');
  const environment = useEnvironment(d?.environmentId ?? '', !!d);
  const label = d ? `${component?.name ?? 'Deployment'} ${d.version}` : `Deployment ${id.slice(0, 8)}`;
  return (
    <span>
      <Link
        to="/deployments/$deploymentId"
        params={{ deploymentId: id }}
        className="font-medium text-primary hover:underline"
      >
        {label}
      </Link>
      {d && (
        <span className="text-muted-foreground">
          {' '}
          to {environment.data?.name ?? '…'}, <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
        </span>
      )}
    </span>
  );
}
