import type { EventAudience, EventPublisher } from '../../src/infra/events.js';

export interface RecordedEvent {
  name: string;
  payload: any;
  audience?: EventAudience;
}

/**
 * A recording event bus, composed in before start: `buildTestApp(env, db, adapters, { events: rec.wrap })`
 * or `buildApp(config, { events: rec.wrap })` (decision 519). Every emit is recorded, then passed on
 * to the real bus (Socket.IO clients still get it).
 */
export function recordEvents() {
  const events: RecordedEvent[] = [];
  return {
    events,
    /** The recorded events named `name`, in order. */
    named: (name: string) => events.filter((e) => e.name === name),
    wrap(bus: EventPublisher): EventPublisher {
      return {
        emit(name, payload, audience) {
          events.push({ name, payload, ...(audience ? { audience } : {}) });
          bus.emit(name, payload, audience);
        },
        membershipChanged: bus.membershipChanged?.bind(bus),
        adminRoleChanged: bus.adminRoleChanged?.bind(bus),
      };
    },
  };
}
