import { useSyncExternalStore } from 'react';
import { organization } from '../api/organization';
import { session, type SessionState } from '../api/session';

export const useSession = (): SessionState => useSyncExternalStore(session.subscribe, session.getState, session.getState);
export const useOrganizationId = (): string | undefined => useSyncExternalStore(organization.subscribe, organization.get, organization.get);
