import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogFilterQuery, catalogListQuery, type CatalogSearch } from '../../lib/search-params';
import { api, unwrap } from '../../api/client';
import type { operations } from '../../api/schema';
import type { Body, CatalogEntity, ComponentListQuery, OkBody, QueryOf } from '../../api/types';
import { unwrapFields } from '../../api/field-errors';
import { catalogKeys } from './keys';

/** One page of the catalog, filtered, sorted and paged by the server; the previous page stays on screen while the next loads. */
export function useCatalogPage(search: CatalogSearch) {
  const query = catalogListQuery(search) as ComponentListQuery;
  return useQuery({
    queryKey: catalogKeys.list(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/catalog/components', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export type CatalogFacets = OkBody<'catalogFacets'>;

/** Counts per filter value with the other filters applied (GET /api/v1/catalog/facets). */
export function useCatalogFacets(search: CatalogSearch) {
  const query = catalogFilterQuery(search) as QueryOf<'catalogFacets'>;
  return useQuery({
    queryKey: catalogKeys.facets(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/catalog/facets', { params: { query }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export type ComponentBody = Body<'createComponent'>;
export type ComponentPatch = Body<'updateComponent'>;
export type ComponentKind = ComponentBody['kind'];
export type RegisterResult = Json201<'registerCatalogYaml'>;
type Json201<Op extends keyof operations> = operations[Op]['responses'] extends {
  201: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** Hangar's component kinds, by kind group (the create form's choices). */
export const COMPONENT_KINDS: readonly ComponentKind[] = [
  'service',
  'library',
  'website',
  'api',
  'component',
  'system',
  'domain',
  'resource',
  'pipeline',
  'queue',
  'database',
  'storage',
  'cluster',
  'network',
  'dataset',
  'data-pipeline',
  'ml-model',
  'secret',
  'policy',
  'certificate',
];

/** Every catalog write invalidates the whole `catalog` area: lists, facets, entity pages, relations. */
function useCatalogWrite<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: catalogKeys.all() }) });
}

/** Admin: create a component (400 details kept per field, decision 706). */
export function useCreateComponent() {
  return useCatalogWrite(async (body: ComponentBody) =>
    unwrapFields(await api.POST('/api/v1/catalog/components', { body })),
  );
}

/** Admin: change any subset of a component's fields. */
export function useUpdateComponent(id: string) {
  return useCatalogWrite(async (body: ComponentPatch) =>
    unwrapFields(await api.PATCH('/api/v1/catalog/components/{id}', { params: { path: { id } }, body })),
  );
}

/** Admin: delete a component. */
export function useDeleteComponent() {
  return useCatalogWrite(async (id: string) => {
    unwrap(await api.DELETE('/api/v1/catalog/components/{id}', { params: { path: { id } } }));
  });
}

/** Admin: register Backstage descriptors from pasted YAML (atomic: one bad document refuses them all). */
export function useRegisterYaml() {
  return useCatalogWrite(
    async (yaml: string) =>
      unwrap(await api.POST('/api/v1/catalog/register-yaml', { body: { yaml } })) as RegisterResult,
  );
}

/**
 * A catalog entity by its reference (the entity page's URL). Teams and people answer the same endpoint
 * with other shapes: the answer says which, so the page can send them to their own pages.
 */
export const entityByRefQuery = (kind: string, namespace: string, name: string) =>
  queryOptions({
    queryKey: catalogKeys.entity(kind, namespace, name),
    queryFn: async ({ signal }) => {
      const body = unwrap(
        await api.GET('/api/v1/catalog/entities/{kind}/{namespace}/{name}', {
          params: { path: { kind, namespace, name } },
          signal,
        }),
      );
      if ('entityKind' in body) return { type: 'entity' as const, entity: body as CatalogEntity };
      if ('parentTeamId' in body) return { type: 'team' as const, id: body.id };
      return { type: 'person' as const, name: body.name };
    },
  });

export const useEntity = (kind: string, namespace: string, name: string) =>
  useQuery(entityByRefQuery(kind, namespace, name));

export type LocationRegistration = OkBody<'refreshCatalogLocation'>;

/** Register a git location (POST /api/v1/catalog/locations): admins, and team maintainers for their own entities (decision 1143). */
export function useRegisterCatalogLocation() {
  return useCatalogWrite(
    async (body: { url: string; branch?: string; path?: string }) =>
      unwrapFields(await api.POST('/api/v1/catalog/locations', { body })) as LocationRegistration,
  );
}
