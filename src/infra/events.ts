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

export interface EventPublisher {
  emit<K extends EventName>(name: K, payload: EventMap[K], audience?: EventAudience): void;
  /** A user joined (`member: true`) or left an organization: their live connections follow at once, in every process. */
  membershipChanged?(userId: string, organizationId: string, member: boolean): void;
  /** A user was granted (`true`) or lost the global admin role: their live connections join or leave the admins' room. */
  adminRoleChanged?(userId: string, isAdmin: boolean): void;
}

/**
 * A listener of events emitted in this process (decisions 539, 740): called after the emit with the
 * event's audience, never throwing into the emitter.
 */
export type EventListener = <K extends EventName>(name: K, payload: EventMap[K], audience?: EventAudience) => void;

/**
 * The publisher with in-process listeners: modules that react to other modules' events (the
 * scorecards' re-evaluation, the notifications feed) subscribe here; every emit still goes to the wrapped publisher.
 */
export function tapEvents(inner: EventPublisher): EventPublisher & { subscribe(listener: EventListener): void } {
  const listeners: EventListener[] = [];
  const tapped = Object.create(inner) as EventPublisher & { subscribe(listener: EventListener): void };
  tapped.emit = (name, payload, audience) => {
    inner.emit(name, payload, audience);
    for (const l of listeners) {
      try {
        l(name, payload, audience);
      } catch {
        // a listener's failure is its own; the emitter's write has committed
      }
    }
  };
  tapped.subscribe = (listener) => void listeners.push(listener);
  return tapped;
}
