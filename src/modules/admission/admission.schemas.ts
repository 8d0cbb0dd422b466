import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../../kernel/schemas.js';

export const EnabledSchema = Type.Object({ enabled: Type.Boolean() }, { title: 'AdmissionEnabled' });

export const ConstraintTemplateSchema = Type.Object(
  {
    name: Type.String(),
    kind: Type.String({ description: 'The constraint kind the template defines (spec.crd.spec.names.kind)' }),
    description: Nullable(Type.String()),
    targets: Type.Array(Type.String()),
    created: Type.Boolean({ description: "Gatekeeper's status.created: the constraint CRD exists" }),
    createdAt: Nullable(Timestamp),
  },
  { title: 'ConstraintTemplate' },
);
export type ConstraintTemplate = Static<typeof ConstraintTemplateSchema>;

export const ViolationSchema = Type.Object(
  {
    constraint: Type.String({ description: 'Name of the constraint' }),
    constraintKind: Type.String(),
    kind: Type.String({ description: 'Kind of the violating object' }),
    name: Type.String(),
    namespace: Nullable(Type.String()),
    message: Type.String(),
    enforcementAction: Type.String(),
  },
  { title: 'AdmissionViolation' },
);
export type Violation = Static<typeof ViolationSchema>;
