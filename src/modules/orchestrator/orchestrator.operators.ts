/** Display names of the operators behind well-known API groups (decision 614). */
const OPERATORS: Record<string, string> = {
  'argoproj.io': 'Argo',
  'cert-manager.io': 'cert-manager',
  'monitoring.coreos.com': 'Prometheus Operator',
  'networking.istio.io': 'Istio',
  'security.istio.io': 'Istio',
  'linkerd.io': 'Linkerd',
  'policy.linkerd.io': 'Linkerd',
  'gatekeeper.sh': 'Gatekeeper',
  'templates.gatekeeper.sh': 'Gatekeeper',
  'constraints.gatekeeper.sh': 'Gatekeeper',
  'kafka.strimzi.io': 'Strimzi',
  'keda.sh': 'KEDA',
  'external-secrets.io': 'External Secrets',
  'kyverno.io': 'Kyverno',
};

/** The operator's display name for an API group, else the group itself. */
export const operatorName = (group: string) => OPERATORS[group] ?? group;
