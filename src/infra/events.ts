/**
 * Event names and payloads pushed to WebSocket clients. Each module adds its own events to this
 * map by declaration merging (`declare module '../../infra/events.js' { interface EventMap {…} }`),
 * so the one `emit` service stays typed without knowing any module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventMap {}

export type EventName = keyof EventMap & string;

/** Who may receive an event (decision 203): the organization of the record it is about; null or absent: every signed-in client. */
export interface EventAudience {
  organizationId: string | null;
  /** Only this user's connections (a notification: decision 740). */
  userId?: string;
}

/** Called with every event after it is emitted (the notifications module's feed: decision 740). */
export type EventObserver = <K extends EventName>(name: K, payload: EventMap[K], audience?: EventAudience) => void;

/** `publisher`, whose every emit is also handed to `observer`; an observer that throws never fails the emit. */
export function observedEvents(publisher: EventPublisher, observer: EventObserver): EventPublisher {
  return {
    emit(name, payload, audience) {
      publisher.emit(name, payload, audience);
      try {
        observer(name, payload, audience);
      } catch {
        // The write is committed and sent; a notification is best effort.
      }
    },
    membershipChanged: publisher.membershipChanged && ((userId, organizationId, member) => publisher.membershipChanged?.(userId, organizationId, member)),
    adminRoleChanged: publisher.adminRoleChanged && ((userId, isAdmin) => publisher.adminRoleChanged?.(userId, isAdmin)),
  };
}

export interface EventPublisher {
  emit<K extends EventName>(name: K, payload: EventMap[K], audience?: EventAudience): void;
  /** A user joined (`member: true`) or left an organization: their live connections follow at once, in every process. */
  membershipChanged?(userId: string, organizationId: string, member: boolean): void;
  /** A user was granted (`true`) or lost the global admin role: their live connections join or leave the admins' room. */
  adminRoleChanged?(userId: string, isAdmin: boolean): void;
}
