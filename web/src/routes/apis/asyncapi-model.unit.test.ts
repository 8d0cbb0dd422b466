import { describe, expect, it } from 'vitest';
import { derefLocal, readAsyncApi } from './asyncapi-model';

describe('AsyncAPI model', () => {
  it('reads a 2.x document: channels with publish/subscribe and their messages, refs resolved', () => {
    const model = readAsyncApi({
      asyncapi: '2.6.0',
      info: { title: 'Events', version: '1.0.0' },
      servers: { prod: { url: 'broker:9092', protocol: 'kafka' } },
      channels: {
        'payments/charged': {
          subscribe: { operationId: 'onCharged', message: { $ref: '#/components/messages/Charged' } },
        },
        'payments/refund': {
          publish: { message: { oneOf: [{ name: 'A', payload: { type: 'string' } }, { name: 'B' }] } },
        },
      },
      components: {
        messages: { Charged: { name: 'Charged', contentType: 'application/json', payload: { type: 'object' } } },
      },
    });
    expect(model).toMatchObject({
      title: 'Events',
      version: '1.0.0',
      servers: [{ name: 'prod', url: 'broker:9092', protocol: 'kafka' }],
    });
    expect(model.channels[0]).toMatchObject({
      address: 'payments/charged',
      operations: [
        { id: 'onCharged', action: 'subscribe', messages: [{ name: 'Charged', payload: { type: 'object' } }] },
      ],
    });
    expect(model.channels[1].operations[0].messages.map((m) => m.name)).toEqual(['A', 'B']);
  });

  it('reads a 3.x document: operations attached to their channel by $ref', () => {
    const model = readAsyncApi({
      asyncapi: '3.0.0',
      info: { title: 'Events', version: '2' },
      channels: { charged: { address: 'payments.charged', messages: { ok: { $ref: '#/components/messages/Ok' } } } },
      operations: {
        sendCharged: {
          action: 'send',
          channel: { $ref: '#/channels/charged' },
          messages: [{ $ref: '#/channels/charged/messages/ok' }],
        },
      },
      components: { messages: { Ok: { name: 'Ok', payload: { type: 'object' } } } },
    });
    expect(model.channels).toHaveLength(1);
    expect(model.channels[0]).toMatchObject({
      address: 'payments.charged',
      operations: [{ id: 'sendCharged', action: 'send', messages: [{ name: 'Ok' }] }],
    });
  });

  it('refuses a document that is not AsyncAPI and survives reference cycles', () => {
    expect(() => readAsyncApi({ openapi: '3.0.0' })).toThrow(/Not an AsyncAPI document/);
    const doc = { components: { schemas: { Node: { properties: { next: { $ref: '#/components/schemas/Node' } } } } } };
    expect(derefLocal(doc, { $ref: '#/components/schemas/Node' })).toEqual({
      properties: { next: { $ref: '#/components/schemas/Node' } },
    });
  });
});
