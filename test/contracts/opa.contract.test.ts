import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpaAdapter } from '../../src/integrations/opa/opa.adapter.js';
import { startFakeOpa } from '../fakes/opa-server.js';
import { policyEngineContract } from './policy-engine.contract.js';

policyEngineContract('OPA adapter against an OPA-shaped server', async () => {
  const servers: Awaited<ReturnType<typeof startFakeOpa>>[] = [];
  return {
    async serving(policies) {
      const server = await startFakeOpa(policies);
      servers.push(server);
      return new OpaAdapter(server.url);
    },
    unreachable: () => new OpaAdapter('http://127.0.0.1:1'),
    close: async () => void (await Promise.all(servers.map((x) => x.close()))),
  };
});

let opa: Awaited<ReturnType<typeof startFakeOpa>>;
beforeAll(async () => {
  opa = await startFakeOpa({
    'hangar/allow': (input) => input.user === 'alice',
    'hangar/obj': () => ({ allow: false, deny: ['no'] }),
  });
});
afterAll(() => opa.close());

describe('OPA adapter against an OPA-shaped server', () => {
  it('posts {input} to /v1/data/<path> and reads result', async () => {
    const a = new OpaAdapter(opa.url);
    expect(await a.evaluate('hangar/allow', { user: 'alice' })).toEqual({ defined: true, result: true });
    const last = opa.requests.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.url.pathname).toBe('/v1/data/hangar/allow');
    expect(last.json()).toEqual({ input: { user: 'alice' } });
    expect(await a.evaluate('hangar/obj', {})).toEqual({ defined: true, result: { allow: false, deny: ['no'] } });
  });

  it('an undefined document is defined: false', async () => {
    expect(await new OpaAdapter(opa.url).evaluate('nope/rule', {})).toEqual({ defined: false, result: undefined });
  });

  it('health: true when /health answers 200, false otherwise or unreachable', async () => {
    expect(await new OpaAdapter(opa.url).reachable()).toBe(true);
    opa.healthy = false;
    expect(await new OpaAdapter(opa.url).reachable()).toBe(false);
    opa.healthy = true;
    expect(await new OpaAdapter('http://127.0.0.1:1').reachable()).toBe(false);
  });

  it('unreachable evaluate: 503 naming OPA', async () => {
    await expect(new OpaAdapter('http://127.0.0.1:1').evaluate('a/b', {})).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringContaining('OPA'),
    });
  });
});
