import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, uniq } from '../../helpers/app.js';
import { t, admin, makeRepo, doc, locate, useLocationsApp } from './catalog-locations-setup.js';

useLocationsApp();

describe('events', () => {
  let socket: Socket;
  const received: { name: string; payload: any }[] = [];

  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    socket = io(`${address}/events`, {
      auth: { token: await t.adminToken() },
      transports: ['websocket'],
      reconnection: false,
    });
    socket.onAny((name: string, payload: unknown) => received.push({ name, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
  });
  afterAll(() => {
    socket?.close();
  });

  async function waitFor(n: number, pred: (e: { name: string; payload: any }) => boolean) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const hits = received.filter(pred);
      if (hits.length >= n) return hits;
      if (Date.now() > deadline) throw new Error(`expected ${n} events, got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('emits component.created / updated / deleted with {id, name, kind, owner}', async () => {
    const name = uniq('ev');
    const c = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/components',
        headers: admin,
        payload: { name, kind: 'cluster', owner: 'ops' },
      })
    ).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/catalog/components/${c.id}`,
      headers: admin,
      payload: { lifecycle: 'production' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/catalog/components/${c.id}`, headers: admin });
    const expected = { id: c.id, name, kind: 'cluster', owner: 'ops' };
    const events = await waitFor(3, (e) => e.payload?.id === c.id);
    expect(events).toEqual([
      { name: 'component.created', payload: expected },
      { name: 'component.updated', payload: expected },
      { name: 'component.deleted', payload: expected },
    ]);
  });

  it('emits for YAML and location registration too', async () => {
    const y = uniq('ev-yaml');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/register-yaml',
      headers: admin,
      payload: { yaml: doc(y) },
    });
    // identical: unchanged, no event
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/register-yaml',
      headers: admin,
      payload: { yaml: doc(y) },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/register-yaml',
      headers: admin,
      payload: { yaml: doc(y).replace('production', 'deprecated') },
    });
    const yEvents = await waitFor(2, (e) => e.payload?.name === y);
    expect(yEvents.map((e) => e.name)).toEqual(['component.created', 'component.updated']);
    expect(yEvents[0]!.payload).toEqual({ id: expect.any(String), name: y, kind: 'service', owner: 'team-x' });

    const l = uniq('ev-loc');
    const repo = makeRepo({ 'x/catalog-info.yaml': doc(l, 'pipeline') });
    expect((await locate({ url: repo.url })).statusCode).toBe(201);
    const [loc] = await waitFor(1, (e) => e.payload?.name === l);
    expect(loc).toEqual({
      name: 'component.created',
      payload: { id: expect.any(String), name: l, kind: 'pipeline', owner: 'team-x' },
    });
  });

  it('emits nothing for a failed write', async () => {
    const before = received.length;
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/register-yaml',
        headers: admin,
        payload: { yaml: `${doc(uniq('nope'))}---\nkind: Component\nmetadata: {}` },
      }),
      400,
    );
    const marker = uniq('marker');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/components',
      headers: admin,
      payload: { name: marker, kind: 'service' },
    });
    await waitFor(1, (e) => e.payload?.name === marker);
    expect(received.slice(before).map((e) => e.payload.name)).toEqual([marker]);
  });
});
