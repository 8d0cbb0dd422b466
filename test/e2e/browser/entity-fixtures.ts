import type { PortalServer } from './helpers/index.js';

/**
 * What the entity and API pages need on top of the shared seed: a second version of `payments-rest`
 * that removes an operation (breaking), `checkout-web` a consumer of the first version, and an
 * AsyncAPI entity.
 */
export const PAYMENTS_V2 = `openapi: 3.1.0
info: { title: Payments, version: 2.0.0 }
paths:
  /refunds:
    post:
      operationId: createRefund
      summary: Refund a charge
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Refund' }
      responses:
        '201': { description: the refund }
components:
  schemas:
    Refund:
      type: object
      required: [chargeId, amount]
      properties:
        chargeId: { type: string }
        amount: { type: integer }
`;

export const EVENTS_YAML = `
apiVersion: backstage.io/v1alpha1
kind: API
metadata: { name: payment-events, description: Events about charges }
spec:
  type: asyncapi
  lifecycle: experimental
  owner: payments-team
  system: payments
  definition: |
    asyncapi: 2.6.0
    info: { title: Payment events, version: 1.0.0 }
    channels:
      payments/charged:
        description: A card was charged
        subscribe:
          operationId: onCharged
          message:
            name: ChargeSucceeded
            contentType: application/json
            payload:
              type: object
              properties:
                chargeId: { type: string }
                amount: { type: integer }
`;

export interface EntityFixtures {
  paymentsApiId: string;
  specV1: string;
  specV2: string;
  checkoutId: string;
}

async function componentId(server: PortalServer, token: string, kind: string, name: string): Promise<string> {
  const res = await server.api('GET', `/api/v1/catalog/entities/${kind}/default/${name}`, undefined, token);
  if (res.status !== 200) throw new Error(`${kind}:${name} not found: ${res.status}`);
  return res.body.id;
}

export async function seedEntityFixtures(server: PortalServer): Promise<EntityFixtures> {
  const token = await server.adminToken();
  const events = await server.api('POST', '/api/v1/catalog/register-yaml', { yaml: EVENTS_YAML }, token);
  if (events.status !== 201)
    throw new Error(`seeding the AsyncAPI entity failed: ${events.status} ${JSON.stringify(events.body)}`);
  const paymentsApiId = await componentId(server, token, 'api', 'payments-rest');
  const checkoutId = await componentId(server, token, 'component', 'checkout-web');
  const specs = await server.api('GET', `/api/v1/catalog/components/${paymentsApiId}/api-specs`, undefined, token);
  const specV1 = specs.body[0].id as string;
  const v2 = await server.api(
    'POST',
    `/api/v1/catalog/components/${paymentsApiId}/api-specs`,
    { name: 'payments-rest', version: '2.0.0', spec: PAYMENTS_V2 },
    token,
  );
  if (v2.status !== 201) throw new Error(`registering v2 failed: ${v2.status} ${JSON.stringify(v2.body)}`);
  // `consumesApis: [payments-rest]` registers checkout-web already (409); the call makes sure of it.
  const consumer = await server.api(
    'POST',
    `/api/v1/api-specs/${specV1}/consumers`,
    { consumerComponentId: checkoutId },
    token,
  );
  if (consumer.status !== 201 && consumer.status !== 409)
    throw new Error(`registering the consumer failed: ${consumer.status} ${JSON.stringify(consumer.body)}`);
  return { paymentsApiId, specV1, specV2: v2.body.id, checkoutId };
}
