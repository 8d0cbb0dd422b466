import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { interpretDecision, normalisePolicyPath } from './policyengine.decision.js';
import type { PolicyEnginePort } from './policyengine.ports.js';
import { policyRepository as repo } from './policyengine.repository.js';
import type { EvaluateBody } from './policyengine.schemas.js';

export function createPolicyEngineService({ db, engine }: { db: Database; engine: PolicyEnginePort }) {
  return {
    async status(_caller: Caller) {
      return { reachable: await engine.reachable(), url: displayUrl(engine.url) };
    },

    async evaluate(_caller: Caller, body: EvaluateBody) {
      const path = normalisePolicyPath(body.policyPath);
      if (!path)
        throw new Invalid(
          'policyPath must name a rule: segments of letters, digits, `_` or `-`, separated by `/` or `.`',
          [{ field: 'policyPath', problem: 'invalid' }],
        );
      // The component is checked before the server is asked, so a typo never costs an evaluation.
      if (body.componentId && !(await catalogLookup.componentExists(db, body.componentId)))
        throw new NotFound('Component not found');
      const { defined, result } = await engine.evaluate(path, body.input);
      const decision = interpretDecision(body.policyPath, defined, result);
      if (!body.componentId) return { policyPath: body.policyPath, ...decision };
      return repo.insert(db, {
        componentId: body.componentId,
        policyPath: body.policyPath,
        allowed: decision.allowed,
        violations: decision.violations,
      });
    },

    async results(_caller: Caller, componentId: string) {
      if (!(await catalogLookup.componentExists(db, componentId))) throw new NotFound('Component not found');
      return repo.listForComponent(db, componentId);
    },
  };
}

/** The configured URL without any user:password part (setting values with secrets are never echoed). */
function displayUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (!url.username && !url.password) return raw;
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return raw;
  }
}

export type PolicyEngineService = ReturnType<typeof createPolicyEngineService>;
