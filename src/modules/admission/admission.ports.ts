import type { ConstraintTemplate, Violation } from './admission.schemas.js';

/** What the admission-policy views need from the cluster; implemented by src/integrations/kubernetes/gatekeeper.adapter.ts. */
export interface AdmissionPort {
  /** Whether Gatekeeper's ConstraintTemplate CRD is installed (false without a cluster). */
  enabled(): Promise<boolean>;
  /** `templates.gatekeeper.sh/v1` ConstraintTemplates ([] when absent). */
  constraintTemplates(): Promise<ConstraintTemplate[]>;
  /** The audit's `status.violations` of every `constraints.gatekeeper.sh/v1beta1` constraint. */
  violations(): Promise<Violation[]>;
}
