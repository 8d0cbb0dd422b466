// Service templates.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { Body, OkBody } from '../../api/types';
import { adminKeys as keys } from './keys';
import { useWrite } from './use-admin-write';

export type ServiceTemplate = OkBody<'listServiceTemplates'>['data'][number];
export type TemplateBody = Body<'createServiceTemplate'>;

export function useTemplates() {
  return useQuery({
    queryKey: keys.templates(),
    queryFn: async ({ signal }) => {
      const all: ServiceTemplate[] = [];
      for (let skip = 0; skip < 1000; skip += 100) {
        const page = unwrapFields(
          await api.GET('/api/v1/service-templates', { params: { query: { skip, take: 100 } }, signal }),
        );
        all.push(...page.data);
        if (all.length >= page.total || page.data.length === 0) break;
      }
      return all;
    },
  });
}

export function useSaveTemplate() {
  return useWrite(async ({ id, body }: { id?: string; body: TemplateBody }) =>
    id
      ? unwrapFields(await api.PATCH('/api/v1/service-templates/{id}', { params: { path: { id } }, body }))
      : unwrapFields(await api.POST('/api/v1/service-templates', { body })),
  );
}

export function useDeleteTemplate() {
  return useWrite(async (id: string) =>
    unwrapFields(await api.DELETE('/api/v1/service-templates/{id}', { params: { path: { id } } })),
  );
}
