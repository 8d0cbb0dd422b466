import { bearer, uniq, type TestApp } from '../helpers/app.js';

/** Creates a component through the catalog API (the integrations never write the components table). */
export async function createComponent(
  t: TestApp,
  extra: { name?: string; annotations?: Record<string, string>; owner?: string; kind?: string } = {},
) {
  const token = await t.adminToken();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/catalog/components',
    headers: bearer(token),
    payload: {
      name: extra.name ?? uniq('svc'),
      kind: extra.kind ?? 'service',
      lifecycle: 'production',
      ...(extra.owner ? { owner: extra.owner } : {}),
      annotations: extra.annotations ?? {},
    },
  });
  if (res.statusCode !== 201) throw new Error(`component create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; teamId: string | null };
}
