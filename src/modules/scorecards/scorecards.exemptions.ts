import type { AuditEntry } from '../../kernel/audit.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { catalogLookup } from '../catalog/index.js';
import type { ScorecardAccess, ScorecardsServiceDeps } from './scorecards.access.js';
import type { ScorecardEvaluator } from './scorecards.evaluate.js';
import type { ScorecardRow } from './scorecards.repository.js';
import { scorecardExemptionsRepository as exemptionsRepo } from './scorecards.exemptions-repository.js';
import type { CreateExemptionBody, ExemptionsQuery } from './scorecards.schemas.js';

/** An exemption's audit record: granted fields appear as [null, value], withdrawn ones as [value, null]. */
function exemptionRecord(
  caller: Caller,
  card: ScorecardRow,
  e: { id: string; componentId: string; ruleKey: string; reason: string; expiresAt: Date },
  verb: 'grant' | 'withdraw',
): AuditEntry {
  const fields = {
    componentId: e.componentId,
    ruleKey: e.ruleKey,
    reason: e.reason,
    expiresAt: e.expiresAt.toISOString(),
  };
  const changes = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, verb === 'grant' ? [null, v] : [v, null]]),
  ) as AuditEntry['changes'];
  return {
    caller,
    organizationId: card.organizationId ?? caller.organizationId,
    action: `scorecards.exemption.${verb}`,
    resource: { type: 'scorecard-exemption', id: e.id, ref: `${card.name}/${e.ruleKey}` },
    changes,
  };
}

/** The exemption verbs (decision 951): grant, list and withdraw, each grant or withdrawal audited and re-evaluated. */
export function exemptionVerbs(
  deps: ScorecardsServiceDeps,
  { visible, writable }: ScorecardAccess,
  { evaluateEntities }: ScorecardEvaluator,
) {
  const db = deps.db;
  return {
    async createExemption(caller: Caller, id: string, body: CreateExemptionBody) {
      const card = await writable(caller, id);
      const expiresAt = new Date(body.expiresAt);
      if (!(expiresAt.getTime() > Date.now()))
        throw new Invalid('expiresAt must be in the future', [
          { field: 'expiresAt', problem: 'must be in the future' },
        ]);
      if (!card.rules.some((r) => r.key === body.ruleKey)) {
        throw new Invalid(`ruleKey "${body.ruleKey}" is not a rule of this scorecard`, [
          { field: 'ruleKey', problem: 'is not a rule of this scorecard' },
        ]);
      }
      if (!body.reason.trim())
        throw new Invalid('reason is required', [{ field: 'reason', problem: 'must not be blank' }]);
      if (!(await catalogLookup.componentExists(db, body.componentId))) {
        throw new Invalid('componentId does not name an existing component', [
          { field: 'componentId', problem: 'does not exist' },
        ]);
      }
      await deps.permissions.require(caller, 'scorecard.exempt', body.componentId);
      // The grant and its audit record commit together (decisions 980, 1002).
      const row = await db.transaction(async (tx) => {
        const inserted = await exemptionsRepo.insertExemption(tx, {
          scorecardId: id,
          componentId: body.componentId,
          ruleKey: body.ruleKey,
          reason: body.reason.trim(),
          expiresAt,
          createdBy: caller.actor.kind === 'user' ? caller.actor.userId : null,
        });
        await deps.audit?.record(tx, exemptionRecord(caller, card, inserted, 'grant'));
        return inserted;
      });
      await evaluateEntities([body.componentId]);
      return { ...row, active: true };
    },

    async listExemptions(caller: Caller, id: string, q: ExemptionsQuery) {
      await visible(caller, id);
      const now = Date.now();
      const { data, total } = await exemptionsRepo.listExemptions(db, id, q.skip, q.take, q.componentId);
      return pageOf(
        data.map((e) => ({ ...e, active: e.expiresAt.getTime() > now })),
        total,
        q,
      );
    },

    async removeExemption(caller: Caller, id: string, exemptionId: string) {
      const card = await writable(caller, id);
      const found = await exemptionsRepo.findExemption(db, id, exemptionId);
      if (!found) throw new NotFound('Exemption not found');
      await deps.permissions.require(caller, 'scorecard.exempt', found.componentId);
      const row = await db.transaction(async (tx) => {
        const removed = await exemptionsRepo.removeExemption(tx, id, exemptionId);
        if (!removed) throw new NotFound('Exemption not found');
        await deps.audit?.record(tx, exemptionRecord(caller, card, found, 'withdraw'));
        return removed;
      });
      await evaluateEntities([row.componentId]);
    },
  };
}
