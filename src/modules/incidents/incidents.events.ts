import type { IncidentStatus, Severity } from './incidents.schemas.js';

// Event names exactly as the interface writes them (decision 606); every authenticated /events client receives them.
declare module '../../infra/events.js' {
  interface EventMap {
    INCIDENT_CREATED: { incidentId: string; title: string; severity: Severity };
    INCIDENT_STATUS_CHANGED: {
      incidentId: string;
      previousStatus: IncidentStatus;
      newStatus: IncidentStatus;
      updatedBy: string;
    };
    /** A manual timeline entry (decision 744): `id` is the entry's. */
    'incident.update.created': { incidentId: string; id: string };
    /** Severity, title, description, commander, affected lists or cause edited (decision 744). */
    'incident.updated': { incidentId: string };
    /** Deleted by an admin (decision 744). */
    'incident.deleted': { incidentId: string };
  }
}

export {};
