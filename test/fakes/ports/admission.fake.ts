import type { AdmissionPort } from '../../../src/modules/admission/admission.ports.js';
import type { ConstraintTemplate, Violation } from '../../../src/modules/admission/admission.schemas.js';

/** In-memory Gatekeeper behind the admission port; held to test/contracts/admission.contract.ts. */
export class FakeGatekeeper implements AdmissionPort {
  installed = false;
  templates: ConstraintTemplate[] = [];
  violationList: Violation[] = [];

  async enabled(signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.installed;
  }
  async constraintTemplates(signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.installed ? [...this.templates].sort((a, b) => a.name.localeCompare(b.name)) : [];
  }
  async violations(signal?: AbortSignal) {
    signal?.throwIfAborted();
    const key = (v: Violation) => `${v.constraint}\0${v.namespace ?? ''}\0${v.name}`;
    return this.installed ? [...this.violationList].sort((a, b) => key(a).localeCompare(key(b))) : [];
  }
}
