// Incidents and post-mortems (routes/incidents). Keys start with 'incidents', which every
// INCIDENT_* and incident.* event invalidates (incidentKeys.ts), so open lists and timelines grow live.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../api/client';
import type { OkBody, QueryOf } from '../../api/types';
import { incidentKeys } from './keys';

export type Incident = OkBody<'getIncident'>;
export type PostMortem = OkBody<'getPostMortem'>;
export type IncidentListQuery = QueryOf<'listIncidents'>;
export type Severity = Incident['severity'];
export type IncidentStatus = Incident['status'];

export const SEVERITIES = ['P1', 'P2', 'P3', 'P4'] as const;
export const SEVERITY_LABELS: Record<Severity, string> = {
  P1: 'P1 critical',
  P2: 'P2 high',
  P3: 'P3 medium',
  P4: 'P4 low',
};
export const INCIDENT_STATUSES = ['open', 'investigating', 'identified', 'resolved'] as const;
/** The status table of the interface: the only moves the server accepts. */
export const NEXT_STATUSES: Record<IncidentStatus, IncidentStatus[]> = {
  open: ['investigating', 'identified', 'resolved'],
  investigating: ['identified', 'resolved'],
  identified: ['resolved'],
  resolved: [],
};

export function useIncidents(query: IncidentListQuery) {
  return useQuery({
    queryKey: incidentKeys.list(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/incidents', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export const incidentQuery = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.incident(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/incidents/{id}', { params: { path: { id } }, signal })),
  });

export function useIncident(id: string) {
  return useQuery(incidentQuery(id));
}

export function useTimeline(id: string) {
  return useQuery({
    queryKey: incidentKeys.timeline(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/incidents/{id}/timeline', { params: { path: { id } }, signal })),
  });
}

/** Deployments of the incident's components shortly before it opened: candidates for its cause. */
export function useSuggestedCauses(id: string) {
  return useQuery({
    queryKey: incidentKeys.suggestedCauses(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/dora/incidents/{id}/suggested-causes', { params: { path: { id } }, signal })),
  });
}

/** The incident's post-mortem, or null when none is written yet (the API's 404). */
export function usePostMortem(incidentId: string) {
  return useQuery({
    queryKey: incidentKeys.postMortem(incidentId),
    queryFn: async ({ signal }) => {
      try {
        return unwrap(
          await api.GET('/api/v1/post-mortems/by-incident/{incidentId}', { params: { path: { incidentId } }, signal }),
        );
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

/** Components matching a name, for the "affected components" picker. */
export function useComponentChoices(q: string) {
  return useQuery({
    queryKey: incidentKeys.components(q),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/catalog/components', { params: { query: { q: q || undefined, take: 10 } }, signal }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function useIncidentsMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: incidentKeys.all() }),
  });
}

export const useDeclareIncident = () =>
  useIncidentsMutation(
    async (body: { title: string; severity: Severity; description?: string; affectedComponentIds?: string[] }) =>
      unwrap(await api.POST('/api/v1/incidents', { body })),
  );

export const useSetIncidentStatus = (id: string) =>
  useIncidentsMutation(async (body: { status: IncidentStatus; message?: string }) =>
    unwrap(await api.PATCH('/api/v1/incidents/{id}/status', { params: { path: { id } }, body })),
  );

export const useUpdateIncident = (id: string) =>
  useIncidentsMutation(
    async (body: {
      severity?: Severity;
      title?: string;
      description?: string | null;
      causedByDeploymentId?: string | null;
    }) => unwrap(await api.PATCH('/api/v1/incidents/{id}', { params: { path: { id } }, body })),
  );

/** Deletes the incident; its cached reads are dropped first so nothing asks for it again. */
export function useDeleteIncident(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/incidents/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      for (const key of [
        incidentKeys.incident(id),
        incidentKeys.timeline(id),
        incidentKeys.postMortem(id),
        incidentKeys.suggestedCauses(id),
      ])
        client.removeQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: [...incidentKeys.all(), 'list'] });
    },
  });
}

export const useAddTimelineEntry = (id: string) =>
  useIncidentsMutation(async (body: { message: string }) =>
    unwrap(await api.POST('/api/v1/incidents/{id}/updates', { params: { path: { id } }, body })),
  );

export interface PostMortemFields {
  rootCause: string;
  body: string;
  contributingFactors: string[];
  actionItems: { title: string; assignee?: string; done: boolean }[];
}

export const useSavePostMortem = (incidentId: string, existing: PostMortem | null | undefined) =>
  useIncidentsMutation(async (fields: PostMortemFields) =>
    existing
      ? unwrap(await api.PATCH('/api/v1/post-mortems/{id}', { params: { path: { id: existing.id } }, body: fields }))
      : unwrap(await api.POST('/api/v1/post-mortems', { body: { incidentId, ...fields } })),
  );

export const useApprovePostMortem = () =>
  useIncidentsMutation(async (id: string) =>
    unwrap(await api.PATCH('/api/v1/post-mortems/{id}/approve', { params: { path: { id } } })),
  );
