import type { ConstraintTemplate, Violation } from './admission.schemas.js';

/** What the admission-policy views need from the cluster; implemented by src/integrations/kubernetes/gatekeeper.adapter.ts. */
export interface AdmissionPort {
  /** Whether Gatekeeper's ConstraintTemplate CRD is installed (false without a cluster). */
  enabled(signal?: AbortSignal): Promise<boolean>;
  /** `templates.gatekeeper.sh/v1` ConstraintTemplates by name ([] when absent). */
  constraintTemplates(signal?: AbortSignal): Promise<ConstraintTemplate[]>;
  /** The audit's `status.violations` of every `constraints.gatekeeper.sh/v1beta1` constraint, by constraint, namespace and name. */
  violations(signal?: AbortSignal): Promise<Violation[]>;
}
