import { Type } from 'typebox';
import { errorResponses, Nullable, Uuid } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { RECEIVER_SYSTEMS, type createReceivers, type ReceiverSystem } from './ci.receivers.js';
import { header, keepRawBodies } from './ci.webhooks.routes.js';

const ReceiverResultSchema = Type.Object(
  {
    received: Type.Boolean(),
    event: Nullable(
      Type.String({ description: "the system's event name (X-GitHub-Event, X-Gitlab-Event; Argo CD: notification)" }),
    ),
    deliveryId: Nullable(
      Type.String({ description: 'the delivery id replays are recognised by; null when the system gave none' }),
    ),
    outcome: Type.String({
      description:
        'created, moved, unchanged (a deployment recorded); replayed; ignored (an event or state not recorded); unknown_entity, ambiguous_entity, unknown_environment, refused (202: not applied, see reason); pong',
    }),
    reason: Nullable(Type.String({ description: 'why a delivery was not applied' })),
    deploymentId: Nullable(Uuid),
  },
  {
    description:
      'What the delivery did: 201 a deployment was created, 200 processed (or a replay), 202 understood but not applied',
  },
);

const Query = Type.Object({
  organization: Type.Optional(Uuid),
});

const SUMMARIES: Record<ReceiverSystem, [string, string]> = {
  github: [
    'receiveGithubWebhook',
    'GitHub webhook (X-Hub-Signature-256 with GITHUB_WEBHOOK_SECRET): deployment_status records deployments',
  ],
  gitlab: [
    'receiveGitlabWebhook',
    'GitLab webhook (X-Gitlab-Token = GITLAB_WEBHOOK_TOKEN): Deployment Hook records deployments',
  ],
  argocd: [
    'receiveArgocdWebhook',
    'Argo CD notifications webhook (Authorization: Bearer ARGOCD_WEBHOOK_TOKEN): records sync operations as deployments',
  ],
};

/**
 * The GitHub, GitLab and Argo CD receivers (decision 864). Their own plugin keeps raw bodies, so a
 * signature is checked over exactly the bytes sent and answers 401 before any body problem.
 */
export async function ciReceiverRoutes(
  app: App,
  opts: { receivers: ReturnType<typeof createReceivers>; bodyLimit: number },
) {
  keepRawBodies(app, opts.bodyLimit);
  for (const system of RECEIVER_SYSTEMS) {
    const [operationId, summary] = SUMMARIES[system];
    app.post(
      `/api/v1/webhooks/${system}`,
      {
        config: { auth: 'custom' },
        // Before the query is validated: nothing of an unverified delivery is looked at.
        preValidation: async (req) =>
          opts.receivers.verify(system, req.ciWebhookRaw ?? Buffer.alloc(0), (name) => header(req, name)),
        schema: {
          operationId,
          tags: ['webhooks'],
          summary,
          description:
            'Deliveries are dispatched by event name; `?organization=<id>` records them in that organization. An unknown repository or application, an environment Hangar lacks, or an out-of-order status answers 202 with the reason (logged). Replays of a delivery id within 24 h answer 200 and change nothing.',
          security: [],
          querystring: Query,
          response: {
            200: ReceiverResultSchema,
            201: ReceiverResultSchema,
            202: ReceiverResultSchema,
            ...errorResponses(400, 401, 404, 413),
          },
        },
      },
      async (req, reply) => {
        const result = await opts.receivers.receive(system, {
          raw: req.ciWebhookRaw ?? Buffer.alloc(0),
          header: (name) => header(req, name),
          contentType: header(req, 'content-type'),
          organization: req.query.organization,
        });
        reply.code(result.statusCode);
        const { statusCode: _s, ...body } = result;
        return body;
      },
    );
  }
}
