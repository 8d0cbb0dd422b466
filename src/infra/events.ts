/**
 * Event names and payloads pushed to WebSocket clients. Each module adds its own events to this
 * map by declaration merging (`declare module '../../infra/events.js' { interface EventMap {…} }`),
 * so the one `emit` service stays typed without knowing any module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventMap {}

export type EventName = keyof EventMap & string;

export interface EventPublisher {
  emit<K extends EventName>(name: K, payload: EventMap[K]): void;
}
