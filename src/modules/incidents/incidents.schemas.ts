import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

/** A response timestamp: services hand over Date objects, the serialiser writes ISO 8601. */
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const SEVERITIES = ['P1', 'P2', 'P3', 'P4'] as const;
export const STATUSES = ['open', 'investigating', 'identified', 'resolved'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type IncidentStatus = (typeof STATUSES)[number];

// Enums (not unions of literals) so a 400 says "must be one of: …" with the allowed values.
export const Severity = Type.Enum([...SEVERITIES], { description: 'P1 critical, P2 high, P3 medium, P4 low' });
export const Status = Type.Enum([...STATUSES]);
const EntryType = Type.Union([Type.Literal('created'), Type.Literal('status_change'), Type.Literal('update')]);

const Title = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 20_000 });
const Message = Type.String({ minLength: 1, maxLength: 10_000 });
const IdList = Type.Array(Uuid, { maxItems: 100 });

export const TimelineEntrySchema = Type.Object(
  {
    id: Uuid,
    incidentId: Uuid,
    message: Type.String(),
    authorId: Nullable(Uuid),
    authorUsername: Nullable(Type.String()),
    type: EntryType,
    fromStatus: Nullable(Status),
    toStatus: Nullable(Status),
    createdAt: Timestamp,
  },
  { description: 'An incident timeline entry (IncidentUpdate)' },
);
export type TimelineEntry = Static<typeof TimelineEntrySchema>;

const incidentFields = {
  id: Uuid,
  title: Type.String(),
  severity: Severity,
  status: Status,
  description: Nullable(Type.String()),
  commanderUserId: Nullable(Uuid),
  affectedComponentIds: Type.Array(Uuid),
  affectedEnvironmentIds: Type.Array(Uuid),
  createdBy: Nullable(Uuid),
  causedByDeploymentId: Type.Union([Uuid, Type.Null()], {
    description: 'the deployment that caused it (DORA change failure rate and recovery time); null: none known',
  }),
  resolvedAt: NullableTimestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

export const IncidentSchema = Type.Object(incidentFields, { description: 'An incident (list view)' });

export const IncidentDetailSchema = Type.Object(
  {
    ...incidentFields,
    affectedComponents: Type.Array(Type.Object({ id: Uuid, name: Type.String(), kind: Type.String() })),
    affectedEnvironments: Type.Array(Type.Object({ id: Uuid, name: Type.String(), type: Type.String() })),
    updates: Type.Array(TimelineEntrySchema, { description: 'the timeline, oldest first' }),
  },
  { description: 'An incident with its affected components, environments and timeline' },
);

export const IncidentPage = Page(IncidentSchema);

export const IncidentListQuery = Type.Object({
  ...PageQuery.properties,
  severity: Type.Optional(Severity),
  status: Type.Optional(Status),
  // The portal's component filter (decision 744).
  componentId: Type.Optional(
    Type.String({ format: 'uuid', description: 'UUID: only incidents affecting this component' }),
  ),
});
export type IncidentListQuery = Static<typeof IncidentListQuery>;

export const CreateIncidentBody = Type.Object({
  title: Title,
  severity: Severity,
  description: Type.Optional(Nullable(Description)),
  commanderUserId: Type.Optional(Nullable(Uuid)),
  affectedComponentIds: Type.Optional(IdList),
  affectedEnvironmentIds: Type.Optional(IdList),
  causedByDeploymentId: Type.Optional(
    Type.Union([Uuid, Type.Null()], {
      description:
        'the deployment that caused the incident; must exist in the current organization (X-Organization-Id); null clears it',
    }),
  ),
});
export type CreateIncidentBody = Static<typeof CreateIncidentBody>;

export const UpdateIncidentBody = Type.Object({
  title: Type.Optional(Title),
  severity: Type.Optional(Severity),
  description: Type.Optional(Nullable(Description)),
  commanderUserId: Type.Optional(Nullable(Uuid)),
  affectedComponentIds: Type.Optional(IdList),
  affectedEnvironmentIds: Type.Optional(IdList),
  causedByDeploymentId: Type.Optional(
    Type.Union([Uuid, Type.Null()], {
      description:
        'the deployment that caused the incident; must exist in the current organization (X-Organization-Id); null clears it',
    }),
  ),
  // Listed only so the service can refuse it with a clear message (status moves go through /status).
  status: Type.Optional(Type.Unknown({ description: 'not accepted here: use PATCH /api/v1/incidents/:id/status' })),
});
export type UpdateIncidentBody = Static<typeof UpdateIncidentBody>;

export const StatusBody = Type.Object({ status: Status, message: Type.Optional(Message) });
export type StatusBody = Static<typeof StatusBody>;

export const AddUpdateBody = Type.Object({
  message: Message,
  authorId: Type.Optional(
    Type.String({ format: 'uuid', description: 'defaults to the caller; only admins may name another user' }),
  ),
});
export type AddUpdateBody = Static<typeof AddUpdateBody>;

// Post-mortems

const ActionItemSchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 500 }),
  assignee: Type.Optional(Type.String({ maxLength: 200 })),
  done: Type.Boolean({ default: false }),
});
const Factors = Type.Array(Type.String({ minLength: 1, maxLength: 2_000 }), { maxItems: 100 });
const ActionItems = Type.Array(ActionItemSchema, { maxItems: 200 });
const RootCause = Type.String({ minLength: 1, maxLength: 20_000 });
const Body = Type.String({ maxLength: 200_000 });

export const PostMortemSchema = Type.Object(
  {
    id: Uuid,
    incidentId: Uuid,
    rootCause: Type.String(),
    contributingFactors: Type.Array(Type.String()),
    actionItems: Type.Array(
      Type.Object({ title: Type.String(), assignee: Type.Optional(Type.String()), done: Type.Boolean() }),
    ),
    body: Nullable(Type.String()),
    approvedBy: Nullable(Uuid),
    approvedAt: NullableTimestamp,
    createdBy: Nullable(Uuid),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'The post-mortem of an incident (at most one per incident)' },
);

export const CreatePostMortemBody = Type.Object({
  incidentId: Uuid,
  rootCause: RootCause,
  contributingFactors: Type.Optional(Factors),
  actionItems: Type.Optional(ActionItems),
  body: Type.Optional(Nullable(Body)),
});
export type CreatePostMortemBody = Static<typeof CreatePostMortemBody>;

export const UpdatePostMortemBody = Type.Object({
  rootCause: Type.Optional(RootCause),
  contributingFactors: Type.Optional(Factors),
  actionItems: Type.Optional(ActionItems),
  body: Type.Optional(Nullable(Body)),
  // Listed only so a different value is refused instead of silently dropped.
  incidentId: Type.Optional(Type.Unknown({ description: 'cannot be changed' })),
});
export type UpdatePostMortemBody = Static<typeof UpdatePostMortemBody>;

export const IncidentIdParams = Type.Object({ incidentId: Uuid });
