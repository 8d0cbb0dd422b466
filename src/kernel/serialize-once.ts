import type { FastifyReply } from 'fastify';

/**
 * Answers a value serialised by the route's own response schema, once per value object: a page
 * served from the in-process cache (the same object until it is invalidated) is then sent as the
 * string built the first time. Serialising 20 components per request was the largest single cost
 * of the catalog hot path. Values that are new objects each time (e.g. read from Redis) are simply
 * serialised as usual. One memo per route: another route's schema would serialise differently.
 */
export function serializeOnce() {
  const bodies = new WeakMap<object, string>();
  return (reply: FastifyReply, value: object): FastifyReply => {
    let body = bodies.get(value);
    if (body === undefined) {
      body = reply.serialize(value) as string; // the JSON serialiser of the route's schema
      bodies.set(value, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
