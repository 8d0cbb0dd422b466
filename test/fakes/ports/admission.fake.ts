import type { AdmissionPort } from '../../../src/modules/admission/admission.ports.js';
import type { ConstraintTemplate, Violation } from '../../../src/modules/admission/admission.schemas.js';

/** In-memory Gatekeeper with the adapter's interface (for service tests). */
export class FakeGatekeeper implements AdmissionPort {
  installed = false;
  templates: ConstraintTemplate[] = [];
  violationList: Violation[] = [];

  async enabled() {
    return this.installed;
  }
  async constraintTemplates() {
    return this.installed ? this.templates : [];
  }
  async violations() {
    return this.installed ? this.violationList : [];
  }
}
