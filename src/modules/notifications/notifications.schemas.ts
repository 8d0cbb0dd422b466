import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

export const NOTIFICATION_KINDS = ['component', 'incident', 'pipeline_run', 'webhook'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = Type.Object(
  {
    id: Uuid,
    kind: Type.Union(
      NOTIFICATION_KINDS.map((k) => Type.Literal(k)),
      { description: NOTIFICATION_KINDS.join(', ') },
    ),
    event: Type.String({ description: 'the domain event it was derived from' }),
    subjectId: Uuid,
    organizationId: Nullable(Uuid),
    title: Type.String(),
    body: Type.String(),
    link: Nullable(Type.String({ description: "a path of the portal, e.g. '/incidents/<id>'" })),
    read: Type.Boolean(),
    readAt: Nullable(Timestamp),
    createdAt: Timestamp,
  },
  { description: 'A notification of the signed-in user' },
);
export type NotificationView = Static<typeof NotificationSchema>;

export const NotificationListQuery = Type.Object({
  ...PageQuery.properties,
  unread: Type.Optional(Type.Boolean({ description: 'true: only unread notifications' })),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationPage = Type.Object({
  ...Page(NotificationSchema).properties,
  unreadCount: Type.Integer({ description: 'unread notifications of the user (whatever the filter)' }),
});

export const ReadAllResult = Type.Object({ updated: Type.Integer({ description: 'notifications marked read' }) });
