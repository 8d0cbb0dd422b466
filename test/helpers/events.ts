import { isSocketEvent, type EventAudience, type EventBus } from '../../src/infra/events.js';

export interface RecordedEvent {
  name: string;
  payload: any;
  audience?: EventAudience;
}

/**
 * A recorder of the socket's events, subscribed before start: `buildTestApp(env, db, adapters, { events: rec.wrap })`
 * or `buildApp(config, { events: rec.wrap })` (decisions 519, 920). Internal events are left out,
 * as the socket leaves them out.
 */
export function recordEvents() {
  const events: RecordedEvent[] = [];
  return {
    events,
    /** The recorded events named `name`, in order. */
    named: (name: string) => events.filter((e) => e.name === name),
    wrap(bus: EventBus): void {
      bus.onAny((name, payload, audience) => {
        if (isSocketEvent(name)) events.push({ name, payload, ...(audience ? { audience } : {}) });
      });
    },
  };
}
