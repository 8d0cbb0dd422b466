import type { NotificationView } from './notifications.schemas.js';

declare module '../../infra/events.js' {
  interface EventMap {
    /** A notification for one user (sent to that user's connections only; decision 740). */
    'notification.created': NotificationView;
  }
}

export {};
