import type { Caller } from '../../kernel/caller.js';
import type { AdmissionPort } from './admission.ports.js';

/** The cluster's admission-policy controller (Gatekeeper): installed or not, templates, audit violations. */
export function createAdmissionService(deps: { port: AdmissionPort }) {
  const { port } = deps;
  return {
    async enabled(_caller: Caller) {
      return { enabled: await port.enabled() };
    },
    constraintTemplates: async (_caller: Caller) => port.constraintTemplates(),
    violations: async (_caller: Caller) => port.violations(),
  };
}

export type AdmissionService = ReturnType<typeof createAdmissionService>;
