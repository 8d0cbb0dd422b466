import type { RuleDef } from './model.js';
import { r } from './rules.js';

/** Webhooks and callbacks (OpenAPI 3.1), and AsyncAPI's channels, operations and messages (decision 1202). */
export const EVENT_RULES: Record<string, RuleDef> = {
  // webhooks (OpenAPI 3.1) and callbacks: the API sends the request, so its body follows the response rules and the answer the request rules
  'webhook-added': r('info', 'added', 'webhooks', 'a webhook (or one of its operations) was added', false),
  'webhook-removed': r(
    'error',
    'removed',
    'webhooks',
    'a webhook (or one of its operations) was removed: subscribers stop receiving it',
    false,
  ),
  'callback-added': r('info', 'added', 'callbacks', 'a callback (or one of its operations) was added', false),
  'callback-removed': r('error', 'removed', 'callbacks', 'a callback (or one of its operations) was removed', false),
  // AsyncAPI: channels, operations, messages; payloads follow the request rules for messages clients send, the response rules for messages they receive
  'channel-added': r('info', 'added', 'asyncapi channels', 'a channel was added', false),
  'channel-removed': r('error', 'removed', 'asyncapi channels', 'a channel was removed', false),
  'channel-address-changed': r(
    'error',
    'modified',
    'asyncapi channels',
    'the address of a channel changed (AsyncAPI 3)',
    false,
  ),
  'asyncapi-operation-added': r('info', 'added', 'asyncapi operations', 'an operation was added', false),
  'asyncapi-operation-removed': r('error', 'removed', 'asyncapi operations', 'an operation was removed', false),
  'asyncapi-operation-action-changed': r(
    'error',
    'modified',
    'asyncapi operations',
    'an operation changed between send and receive (AsyncAPI 3)',
    false,
  ),
  'asyncapi-operation-channel-changed': r(
    'error',
    'modified',
    'asyncapi operations',
    'an operation moved to another channel (AsyncAPI 3)',
    false,
  ),
  'asyncapi-message-added': r(
    'info',
    'added',
    'asyncapi messages',
    'a message was added to an operation or channel',
    false,
  ),
  'asyncapi-message-removed': r(
    'error',
    'removed',
    'asyncapi messages',
    'a message was removed from an operation or channel',
    false,
  ),
};
