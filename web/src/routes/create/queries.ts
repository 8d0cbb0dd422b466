// Hooks of the "Create a service" pages: the template gallery, one template, dry runs, scaffolds and
// the requests they make. Keys start with `scaffold` (invalidated by scaffold.* events) or `catalog`.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { OkBody } from '../../api/types';
import { catalogKeys } from '../catalog/keys';
import { scaffoldKeys } from './keys';

export type ServiceTemplate = OkBody<'getServiceTemplate'>;
export type ScaffoldRequest = OkBody<'getScaffoldRequest'>;

// A 400 names fields (`variables.PORT`, `targetRepository`): the form shows each on its field.
const unwrap = unwrapFields;

const PAGE = 100;

/**
 * Every template (decision 702): the gallery filters by language, tag and text on the client, so it
 * can offer only the languages and tags that exist. Pages of 100 until the total is read.
 */
export function useTemplates() {
  return useQuery({
    queryKey: scaffoldKeys.templates(),
    queryFn: async ({ signal }) => {
      const all: ServiceTemplate[] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = unwrap(
          await api.GET('/api/v1/service-templates', { params: { query: { skip, take: PAGE } }, signal }),
        );
        all.push(...page.data);
        if (page.data.length < PAGE || all.length >= page.total) return all;
      }
    },
    staleTime: 60_000,
  });
}

export function useTemplate(id: string) {
  return useQuery({
    queryKey: scaffoldKeys.template(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/service-templates/{id}', { params: { path: { id } }, signal })),
  });
}

const ACTIVE = new Set(['pending', 'in_progress']);

/**
 * A scaffold request. scaffold.completed / scaffold.failed refresh it at once; until then it is read
 * every 2 s, because the move to in_progress has no event.
 */
export function useScaffoldRequest(id: string | undefined) {
  return useQuery({
    queryKey: scaffoldKeys.request(id ?? ''),
    enabled: !!id,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/scaffold-requests/{id}', { params: { path: { id: id! } }, signal })),
    refetchInterval: (q) => (q.state.data && ACTIVE.has(q.state.data.status) ? 2000 : false),
  });
}

/** The caller's latest scaffolds (admins: everyone's), newest first. */
export function useScaffoldRequests() {
  return useQuery({
    queryKey: scaffoldKeys.requests(),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/scaffold-requests', { params: { query: { skip: 0, take: 50 } }, signal })),
  });
}

/** One rendered file of a request (decision 700). */
export function useScaffoldFile(id: string | undefined, path: string | undefined) {
  return useQuery({
    queryKey: scaffoldKeys.file(id ?? '', path ?? ''),
    enabled: !!id && !!path,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/scaffold-requests/{id}/file', {
          params: { path: { id: id! }, query: { path: path! } },
          signal,
        }),
      ),
    staleTime: Infinity,
  });
}

export interface ScaffoldInput {
  templateId: string;
  targetRepository: string;
  variables: Record<string, string>;
}

export function useDryRun() {
  return useMutation({
    mutationFn: async ({ templateId, targetRepository, variables }: ScaffoldInput) =>
      unwrap(
        await api.POST('/api/v1/service-templates/{id}/scaffold/dry-run', {
          params: { path: { id: templateId } },
          body: { targetRepository, variables },
        }),
      ),
  });
}

export function useScaffold() {
  return useMutation({
    mutationFn: async ({ templateId, targetRepository, variables }: ScaffoldInput) =>
      unwrap(
        await api.POST('/api/v1/service-templates/{id}/scaffold', {
          params: { path: { id: templateId } },
          body: { targetRepository, variables },
        }),
      ),
  });
}

/** The catalog component a completed scaffold registered, for the link to its entity page. */
export function useScaffoldedComponent(id: string | null | undefined) {
  return useQuery({
    queryKey: catalogKeys.component(id ?? ''),
    enabled: !!id,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/catalog/components/{id}', { params: { path: { id: id! } }, signal })),
  });
}
