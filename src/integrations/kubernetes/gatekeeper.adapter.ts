import type { AdmissionPort } from '../../modules/admission/admission.ports.js';
import type { ConstraintTemplate, Violation } from '../../modules/admission/admission.schemas.js';
import type { KubernetesAccess } from './access.js';
import type { CustomResource } from './client.js';
import { createdAt } from './resources.js';

const TEMPLATES: CustomResource = { group: 'templates.gatekeeper.sh', version: 'v1', plural: 'constrainttemplates' };
const CONSTRAINTS = { group: 'constraints.gatekeeper.sh', version: 'v1beta1' };

/** Gatekeeper read from the cluster: ConstraintTemplates and the audit results on constraints. */
export class GatekeeperAdapter implements AdmissionPort {
  constructor(private readonly access: KubernetesAccess) {}

  async enabled(signal?: AbortSignal): Promise<boolean> {
    signal?.throwIfAborted();
    const kube = await this.access.client();
    if (!kube) return false;
    return (await kube.readCrd(`${TEMPLATES.plural}.${TEMPLATES.group}`, signal)) !== null;
  }

  async constraintTemplates(signal?: AbortSignal): Promise<ConstraintTemplate[]> {
    signal?.throwIfAborted();
    const kube = await this.access.client();
    if (!kube) return [];
    const items = (await kube.listCustom(TEMPLATES, undefined, signal))?.items ?? [];
    return items
      .map((t) => ({
        name: String(t.metadata?.name ?? ''),
        kind: String(t.spec?.crd?.spec?.names?.kind ?? ''),
        description:
          typeof t.metadata?.annotations?.description === 'string' ? t.metadata.annotations.description : null,
        targets: (Array.isArray(t.spec?.targets) ? t.spec.targets : [])
          .map((x: any) => String(x?.target ?? ''))
          .filter(Boolean),
        created: t.status?.created === true,
        createdAt: createdAt(t),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async violations(signal?: AbortSignal): Promise<Violation[]> {
    signal?.throwIfAborted();
    const kube = await this.access.client();
    if (!kube) return [];
    // Each template makes one constraint kind; discovery names them all (none: Gatekeeper is absent).
    const kinds = (await kube.groupResources(CONSTRAINTS.group, CONSTRAINTS.version, signal)) ?? [];
    const out: Violation[] = [];
    for (const kind of kinds.filter((k) => !k.name.includes('/'))) {
      const constraints =
        (await kube.listCustom({ ...CONSTRAINTS, plural: kind.name }, undefined, signal))?.items ?? [];
      for (const c of constraints) {
        const defaultAction = String(c.spec?.enforcementAction ?? 'deny');
        for (const v of Array.isArray(c.status?.violations) ? c.status.violations : []) {
          out.push({
            constraint: String(c.metadata?.name ?? ''),
            constraintKind: String(c.kind ?? kind.kind),
            kind: String(v?.kind ?? ''),
            name: String(v?.name ?? ''),
            namespace: typeof v?.namespace === 'string' && v.namespace !== '' ? v.namespace : null,
            message: String(v?.message ?? ''),
            enforcementAction: String(v?.enforcementAction ?? defaultAction),
          });
        }
      }
    }
    return out.sort((a, b) =>
      `${a.constraint}\0${a.namespace ?? ''}\0${a.name}`.localeCompare(
        `${b.constraint}\0${b.namespace ?? ''}\0${b.name}`,
      ),
    );
  }
}
