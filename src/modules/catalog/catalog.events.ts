/** What every component event carries (decision 607). */
export interface ComponentEvent {
  id: string;
  name: string;
  kind: string;
  owner: string | null;
}

declare module '../../infra/events.js' {
  interface EventMap {
    'component.created': ComponentEvent;
    'component.updated': ComponentEvent;
    'component.deleted': ComponentEvent;
  }
}

export const componentEvent = (c: ComponentEvent): ComponentEvent => ({
  id: c.id,
  name: c.name,
  kind: c.kind,
  owner: c.owner,
});
