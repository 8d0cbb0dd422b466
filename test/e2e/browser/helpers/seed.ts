import type { PortalServer } from './server.js';

/**
 * A small organization as Backstage descriptors, registered through POST /api/v1/catalog/register-yaml:
 * a parent group with a child team, two people, a system, two components and an API. Names are fixed so
 * tests can find them by accessible name.
 */
export const SEED_YAML = `
apiVersion: backstage.io/v1alpha1
kind: Group
metadata: { name: platform, description: Platform engineering }
spec: { type: department, children: [payments-team] }
---
apiVersion: backstage.io/v1alpha1
kind: Group
metadata: { name: payments-team, description: Owns payments }
spec: { type: team, parent: platform, children: [] }
---
apiVersion: backstage.io/v1alpha1
kind: User
metadata: { name: ada }
spec: { profile: { displayName: Ada Lovelace, email: ada@hangar.test }, memberOf: [payments-team] }
---
apiVersion: backstage.io/v1alpha1
kind: User
metadata: { name: grace }
spec: { profile: { displayName: Grace Hopper, email: grace@hangar.test }, memberOf: [platform] }
---
apiVersion: backstage.io/v1alpha1
kind: System
metadata: { name: payments, description: Everything that moves money }
spec: { owner: payments-team }
---
apiVersion: backstage.io/v1alpha1
kind: Component
metadata: { name: payments-api, title: Payments API service, description: Charges cards and issues refunds, tags: [java, payments] }
spec: { type: service, lifecycle: production, owner: payments-team, system: payments, providesApis: [payments-rest] }
---
apiVersion: backstage.io/v1alpha1
kind: Component
metadata: { name: ledger-worker, description: Books every payment into the ledger, tags: [go] }
spec: { type: service, lifecycle: experimental, owner: platform, system: payments }
---
apiVersion: backstage.io/v1alpha1
kind: Component
metadata: { name: checkout-web, description: The checkout pages, tags: [react] }
spec: { type: website, lifecycle: production, owner: payments-team, consumesApis: [payments-rest] }
---
apiVersion: backstage.io/v1alpha1
kind: API
metadata: { name: payments-rest, description: REST API for charges and refunds }
spec:
  type: openapi
  lifecycle: production
  owner: payments-team
  system: payments
  definition: |
    openapi: 3.0.3
    info: { title: Payments, version: 1.0.0 }
    paths:
      /charges:
        get:
          responses:
            '200': { description: the charges }
`;

export async function seedPortal(server: PortalServer): Promise<void> {
  const res = await server.api('POST', '/api/v1/catalog/register-yaml', { yaml: SEED_YAML }, await server.adminToken());
  if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (res.body.skipped?.length) throw new Error(`seeding skipped documents: ${JSON.stringify(res.body.skipped)}`);
}

/** `n` generated components through the API (for paging and virtualization), in batches of 200 per YAML. */
export async function seedComponents(server: PortalServer, n: number, prefix = 'bulk'): Promise<void> {
  const token = await server.adminToken();
  for (let start = 0; start < n; start += 200) {
    const docs = Array.from({ length: Math.min(200, n - start) }, (_, i) => {
      const k = start + i;
      return `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: ${prefix}-${String(k).padStart(5, '0')}, tags: [bulk] }\nspec: { type: ${k % 2 ? 'library' : 'service'}, lifecycle: ${k % 3 ? 'production' : 'experimental'}, owner: platform }`;
    });
    const res = await server.api('POST', '/api/v1/catalog/register-yaml', { yaml: docs.join('\n---\n') }, token);
    if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}
