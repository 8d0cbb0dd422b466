import { useAdmissionEnabled, useAdmissionViolations, useRollouts, useWorkloads } from './queries';
import { Badge } from '../../components/ui/badge';
import { NotConfigured } from '../../components/ui/not-configured';
import { QueryState } from '../../components/ui/query-state';
import { ClusterSyncButton, ConstraintTemplates, CrdsSection } from './cluster-extras';
import { IntegrationShell, Section, toneOf } from './integration-shell';
import { ResourceSection, ResourceTable } from './resource-table';
import { systemConfig } from './systems';
import { WORKLOAD_HEAD, WorkloadRows } from './workload-rows';
import { useIsAdmin } from '../../lib/use-session';

const CONFIG = systemConfig('/integrations/cluster');

type Rollout = NonNullable<ReturnType<typeof useRollouts>['data']>[number];
type Violation = NonNullable<ReturnType<typeof useAdmissionViolations>['data']>[number];
type Admission = ReturnType<typeof useAdmissionEnabled>;
type Violations = ReturnType<typeof useAdmissionViolations>;

function RolloutRow({ r }: { r: Rollout }) {
  const step = Math.min(r.currentStepIndex, r.totalSteps);
  return (
    <tr>
      <td className="font-medium">{r.name}</td>
      <td>{r.namespace}</td>
      <td>
        <Badge tone={toneOf(r.phase)}>{r.phase}</Badge>
      </td>
      <td>
        {r.totalSteps > 0 ? (
          <span className="flex items-center gap-2">
            <progress
              max={r.totalSteps}
              value={step}
              aria-label={`Step of ${r.name}`}
              className="h-1.5 w-20 accent-primary"
            />
            {step}/{r.totalSteps}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td className="tabular-nums">
        {r.readyReplicas}/{r.replicas}
      </td>
    </tr>
  );
}

function ViolationRow({ v }: { v: Violation }) {
  return (
    <tr>
      <td className="font-medium">
        {v.kind}/{v.name}
      </td>
      <td>{v.namespace ?? '—'}</td>
      <td>
        {v.constraintKind}/{v.constraint}
      </td>
      <td>
        <Badge tone={v.enforcementAction === 'deny' ? 'danger' : 'warning'}>{v.enforcementAction}</Badge>
      </td>
      <td className="max-w-96">{v.message}</td>
    </tr>
  );
}

/** Gatekeeper's audit findings, or a plain line when no admission controller runs. */
function AdmissionViolations({ admission, violations }: { admission: Admission; violations: Violations }) {
  return (
    <Section title="Admission violations">
      <QueryState query={admission} label="admission controller" system={CONFIG}>
        {(a) =>
          !a.enabled ? (
            <p className="text-[13px] text-muted-foreground">
              No admission-policy controller (Gatekeeper) is installed in the cluster.
            </p>
          ) : (
            <ResourceTable
              query={violations}
              label="violations"
              empty={{ title: 'No violations', body: 'Every audited resource passes the cluster’s constraints.' }}
              table="Admission violations"
              head={['Resource', 'Namespace', 'Constraint', 'Action', 'Message']}
            >
              {(list) =>
                list.map((v, i) => (
                  <ViolationRow key={`${v.constraint}-${v.kind}-${v.namespace}-${v.name}-${i}`} v={v} />
                ))
              }
            </ResourceTable>
          )
        }
      </QueryState>
    </Section>
  );
}

export function ClusterPage() {
  const workloads = useWorkloads();
  const rollouts = useRollouts();
  const admission = useAdmissionEnabled();
  const violations = useAdmissionViolations(admission.data?.enabled === true);
  // Without a cluster the orchestrator answers empty lists (its documented answer): say so plainly.
  const admin = useIsAdmin();
  const nothing = workloads.data?.length === 0 && rollouts.data?.length === 0 && admission.data?.enabled === false;
  return (
    <IntegrationShell
      title="Cluster"
      intro="Deployments in every namespace, progressive rollouts and admission-policy violations. Rollouts update live."
      actions={admin ? <ClusterSyncButton /> : undefined}
    >
      {nothing && (
        <NotConfigured {...CONFIG}>
          The cluster reports no workload, no rollout and no admission controller: either no cluster is configured, or
          it runs nothing yet.
        </NotConfigured>
      )}
      <ResourceSection
        title="Workloads"
        query={workloads}
        system={CONFIG}
        empty={{ body: 'The cluster has no Deployment, or no cluster is configured (CLUSTER_CONFIG_PATH).' }}
        table="Workloads"
        head={WORKLOAD_HEAD}
      >
        {(list) => <WorkloadRows list={list} />}
      </ResourceSection>
      <ResourceSection
        title="Rollouts"
        query={rollouts}
        system={CONFIG}
        empty={{ body: 'No Argo Rollouts resource exists, or the rollout extension is not installed.' }}
        table="Rollouts"
        head={['Rollout', 'Namespace', 'Phase', 'Step', 'Ready']}
      >
        {(list) => list.map((r) => <RolloutRow key={`${r.namespace}/${r.name}`} r={r} />)}
      </ResourceSection>
      <AdmissionViolations admission={admission} violations={violations} />
      {admission.data?.enabled && (
        <Section title="Constraint templates">
          <ConstraintTemplates />
        </Section>
      )}
      <CrdsSection />
    </IntegrationShell>
  );
}
