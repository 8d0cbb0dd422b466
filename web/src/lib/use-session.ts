import { useSyncExternalStore } from 'react';
import { organization } from '../api/organization';
import { session, type SessionState } from '../api/session';

export const useSession = (): SessionState =>
  useSyncExternalStore(session.subscribe, session.getState, session.getState);
export const useOrganizationId = (): string | undefined =>
  useSyncExternalStore(organization.subscribe, organization.get, organization.get);

/** Whether the signed-in user holds the global admin role: admin-only actions are shown only then (the server refuses them anyway). */
export const useIsAdmin = (): boolean => useSession().user?.roles.includes('admin') === true;
