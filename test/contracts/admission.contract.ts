import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionPort } from '../../src/modules/admission/admission.ports.js';
import type { ConstraintTemplate, Violation } from '../../src/modules/admission/admission.schemas.js';

/** What the subject's installed Gatekeeper holds (the fixture of test/fakes/kube-fixtures.ts `installGatekeeper`). */
export const TEMPLATE: Omit<ConstraintTemplate, 'createdAt'> = {
  name: 'k8srequiredlabels',
  kind: 'K8sRequiredLabels',
  description: 'Requires resources to contain specified labels.',
  targets: ['admission.k8s.gatekeeper.sh'],
  created: true,
};
const violation = (kind: string, name: string, namespace: string | null): Violation => ({
  constraint: 'ns-must-have-gk',
  constraintKind: 'K8sRequiredLabels',
  kind,
  name,
  namespace,
  message: 'you must provide labels: {"gatekeeper"}',
  enforcementAction: 'dryrun',
});
export const VIOLATIONS: Violation[] = [
  violation('Namespace', 'default', null),
  violation('Deployment', 'web', 'shop'),
];

export interface AdmissionSubject {
  /** A cluster with Gatekeeper, TEMPLATE and a constraint audited with VIOLATIONS. */
  installed: AdmissionPort;
  /** A cluster without Gatekeeper. */
  absent: AdmissionPort;
  close?(): Promise<void>;
}

/** What the admission module relies on from the cluster's admission controller (decision 510). */
export function admissionContract(name: string, make: () => Promise<AdmissionSubject>) {
  describe(`admission port contract: ${name}`, () => {
    let s: AdmissionSubject;
    beforeAll(async () => void (s = await make()));
    afterAll(() => s?.close?.());

    it('installed: enabled, its templates and the audit violations sorted by constraint, namespace, name', async () => {
      expect(await s.installed.enabled()).toBe(true);
      expect(await s.installed.constraintTemplates()).toEqual([
        { ...TEMPLATE, createdAt: expect.toSatisfy((v) => v === null || typeof v === 'string') },
      ]);
      expect(await s.installed.violations()).toEqual(VIOLATIONS);
    });
    it('absent: not enabled and empty lists (never an error)', async () => {
      expect(await s.absent.enabled()).toBe(false);
      expect(await s.absent.constraintTemplates()).toEqual([]);
      expect(await s.absent.violations()).toEqual([]);
    });
    it('an aborted signal rejects', async () => {
      await expect(s.installed.violations(AbortSignal.abort())).rejects.toThrow();
    });
  });
}
