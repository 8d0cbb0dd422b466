import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyEnginePort } from '../../src/modules/policyengine/policyengine.ports.js';

type Policy = (input: Record<string, unknown>) => unknown;

export interface PolicyEngineSubject {
  /** A port whose server holds `policies` (decision path -> result from the input). */
  serving(policies: Record<string, Policy>): Promise<PolicyEnginePort>;
  /** A port whose server does not answer. */
  unreachable(): PolicyEnginePort;
  close?(): Promise<void>;
}

/** What the policy-engine module relies on from a policy server (decision 510). */
export function policyEngineContract(name: string, make: () => Promise<PolicyEngineSubject>) {
  describe(`policy-engine port contract: ${name}`, () => {
    let s: PolicyEngineSubject;
    let port: PolicyEnginePort;
    beforeAll(async () => {
      s = await make();
      port = await s.serving({
        'hangar/allow': (input) => input.user === 'alice',
        'hangar/obj': () => ({ allow: false, deny: ['no'] }),
      });
    });
    afterAll(() => s?.close?.());

    it('evaluates a decision from its input', async () => {
      expect(await port.evaluate('hangar/allow', { user: 'alice' })).toEqual({ defined: true, result: true });
      expect(await port.evaluate('hangar/allow', { user: 'bob' })).toEqual({ defined: true, result: false });
      expect(await port.evaluate('hangar/obj', {})).toEqual({ defined: true, result: { allow: false, deny: ['no'] } });
    });
    it('an undefined decision is defined: false', async () => {
      expect(await port.evaluate('nope/rule', {})).toEqual({ defined: false, result: undefined });
    });
    it('reachable: true when up; false (never a throw) when unreachable or aborted', async () => {
      expect(await port.reachable()).toBe(true);
      expect(await s.unreachable().reachable()).toBe(false);
      expect(await port.reachable(AbortSignal.abort())).toBe(false);
    });
    it('evaluate on an unreachable server is 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().evaluate('a/b', {})).rejects.toMatchObject({ statusCode: 503 });
      await expect(port.evaluate('hangar/allow', {}, AbortSignal.abort())).rejects.toThrow();
    });
  });
}
