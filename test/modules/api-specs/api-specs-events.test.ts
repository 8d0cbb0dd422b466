import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { OPENAPI3_YAML, insertComponent } from './fixtures.js';

let t: TestApp;
let url: string;
let socket: Socket;
const received: { id: string; [k: string]: unknown }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = await t.newUser('listener');
  socket = io(`${url}/events`, { auth: { token }, transports: ['websocket'], reconnection: false });
  socket.on('api-spec:deprecated', (payload) => received.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
});
afterAll(async () => {
  socket?.close();
  await t.close();
});

async function waitFor<T>(find: () => T | undefined, deadlineMs = 5000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const hit = find();
    if (hit !== undefined) return hit;
    if (Date.now() > until) throw new Error('timed out waiting for the event');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('api-spec:deprecated', () => {
  it('is emitted once, on the move to deprecated, with the documented payload', async () => {
    const admin = await t.adminToken();
    const c = await insertComponent(t);
    const spec = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/components/${c.id}/api-specs`,
        headers: bearer(admin),
        payload: { name: 'orders', version: '3.1.4', spec: OPENAPI3_YAML },
      })
    ).json();
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/api-specs/${spec.id}`, headers: bearer(admin), payload });

    const res = await patch({ status: 'deprecated' });
    expect(res.statusCode).toBe(200);
    const event = await waitFor(() => received.find((e) => e.id === spec.id));
    expect(event).toEqual({
      id: spec.id,
      componentId: c.id,
      name: 'orders',
      version: '3.1.4',
      status: 'deprecated',
      deprecatedAt: res.json().deprecatedAt,
    });

    // a no-op PATCH, a sunset and a refused move emit nothing more; a later deprecation of another spec does
    await patch({ status: 'deprecated' });
    await patch({ status: 'sunset' });
    await patch({ status: 'active' });
    const other = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/components/${c.id}/api-specs`,
        headers: bearer(admin),
        payload: { name: 'o2', version: '1', spec: OPENAPI3_YAML },
      })
    ).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/api-specs/${other.id}`,
      headers: bearer(admin),
      payload: { status: 'deprecated', deprecatedAt: '2024-05-01T00:00:00Z' },
    });
    const second = await waitFor(() => received.find((e) => e.id === other.id));
    expect(second.deprecatedAt).toBe('2024-05-01T00:00:00.000Z');
    // events arrive in order on one socket, so the first spec's count is final here
    expect(received.filter((e) => e.id === spec.id)).toHaveLength(1);
  });

  it('a client without a valid token is refused', async () => {
    const bad = io(`${url}/events`, { auth: { token: 'nope' }, transports: ['websocket'], reconnection: false });
    const err = await new Promise<Error>((resolve) => bad.once('connect_error', resolve));
    expect(err.message).toBe('unauthorized');
    bad.close();
  });
});
