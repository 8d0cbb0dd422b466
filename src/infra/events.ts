import { SOCKET_EVENTS, type SocketEventName } from '../shared/events.js';

/**
 * Event names and payloads pushed to WebSocket clients. Each module adds its own events to this
 * map by declaration merging (`declare module '../../infra/events.js' { interface EventMap {…} }`),
 * so the one bus stays typed without knowing any module. Every name is also listed in
 * `src/shared/events.ts` for the portal (decision 921).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventMap {}

/**
 * Events heard only in this process, never sent to a socket (decision 920). New events take the
 * one spelling `<thing>.<change>`, lower case, dots between words.
 */
export interface InternalEventMap {
  /** A recording module committed facts the scorecards read: these components' (decision 550). */
  'facts.changed': { componentIds: string[] };
  /** A user joined (`member: true`) or left an organization: their live connections follow at once, in every process. */
  'organization.membership.changed': { userId: string; organizationId: string; member: boolean };
  /** A user was granted (`true`) or lost the global admin role: their live connections join or leave the admins' room. */
  'user.admin_role.changed': { userId: string; isAdmin: boolean };
}

/** The names clients receive on the socket (the interface's spellings kept: decision 606). */
export type EventName = keyof EventMap & string;
export type BusEventMap = EventMap & InternalEventMap;
export type BusEventName = keyof BusEventMap & string;

/** Who may receive an event (decision 203): the organization of the record it is about; null or absent: every signed-in client. */
export interface EventAudience {
  organizationId: string | null;
  /** Only this user's connections (a notification: decision 740). */
  userId?: string;
}

/** A subscriber of one or more events; a returned promise is observed by the bus (its rejection is logged). */
export type EventHandler<K extends BusEventName> = (
  payload: BusEventMap[K],
  audience: EventAudience | undefined,
  name: K,
) => unknown;

/** A subscriber of every event (the socket gateway, tests' recorders). */
export type AnyEventHandler = <K extends BusEventName>(
  name: K,
  payload: BusEventMap[K],
  audience?: EventAudience,
) => unknown;

/** What an emitting module needs: `emit` after its write committed. */
export interface EventPublisher {
  emit<K extends BusEventName>(name: K, payload: BusEventMap[K], audience?: EventAudience): void;
}

/**
 * The one in-process event bus (decision 920): modules emit on it and subscribe to each other's
 * events in their own factories; the socket gateway and the notifications feed are subscribers too.
 */
export interface EventBus extends EventPublisher {
  /** Subscribes `handler` to `name` (or each of the names); returns the unsubscribe. */
  on<K extends BusEventName>(name: K | readonly K[], handler: EventHandler<K>): () => void;
  /** Subscribes `handler` to every event, the internal ones included. */
  onAny(handler: AnyEventHandler): () => void;
}

const UNLISTED_SOCKET_EVENTS: Record<Exclude<EventName, SocketEventName>, never> = {};
/**
 * The socket's names: exactly the map's. The `satisfies` fails the build on a listed name the map
 * lacks; the record above on a name of the map that is not listed (decision 921).
 */
const SOCKET_EVENT_NAMES = new Set<string>([
  ...(SOCKET_EVENTS satisfies readonly EventName[]),
  ...Object.keys(UNLISTED_SOCKET_EVENTS),
]);

/** Whether `name` is sent to socket clients (internal events are not). */
export const isSocketEvent = (name: string): name is EventName => SOCKET_EVENT_NAMES.has(name);

interface BusLog {
  warn(obj: object, msg: string): void;
}

/**
 * Handlers run in the order they subscribed, synchronously from `emit` (an emit happens after its
 * write committed); a handler's failure, thrown or rejected, is logged and never reaches the emitter
 * or the other handlers.
 */
export function createEventBus(log: BusLog): EventBus {
  const handlers = new Map<string, EventHandler<BusEventName>[]>();
  const anyHandlers: AnyEventHandler[] = [];
  const observe = (name: string, run: () => unknown) => {
    try {
      const result = run();
      if (result instanceof Promise)
        result.catch((err: unknown) => log.warn({ err, event: name }, 'event handler failed'));
    } catch (err) {
      log.warn({ err, event: name }, 'event handler failed');
    }
  };
  const remove =
    <T>(list: T[], item: T) =>
    () => {
      const at = list.indexOf(item);
      if (at >= 0) list.splice(at, 1);
    };
  return {
    emit(name, payload, audience) {
      for (const h of [...anyHandlers]) observe(name, () => h(name, payload, audience));
      for (const h of [...(handlers.get(name) ?? [])]) observe(name, () => h(payload, audience, name));
    },
    on(name, handler) {
      const names: readonly string[] = typeof name === 'string' ? [name] : name;
      const offs = names.map((n) => {
        const list = handlers.get(n) ?? [];
        handlers.set(n, list);
        list.push(handler as EventHandler<BusEventName>);
        return remove(list, handler as EventHandler<BusEventName>);
      });
      return () => offs.forEach((off) => off());
    },
    onAny(handler) {
      anyHandlers.push(handler);
      return remove(anyHandlers, handler);
    },
  };
}

/**
 * What a recording module hands its service to announce committed facts (decision 550): the
 * `facts.changed` event, never for no component.
 */
export const factsChangedOn =
  (events: EventPublisher) =>
  (componentIds: string[]): void => {
    if (componentIds.length > 0) events.emit('facts.changed', { componentIds: [...new Set(componentIds)] });
  };
