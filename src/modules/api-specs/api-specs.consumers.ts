import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { uniqueViolationConstraint } from '../../kernel/db-errors.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { teamsLookup } from '../teams/index.js';
import { apiSpecsRepository as repo } from './api-specs.repository.js';
import type { ConsumerBody } from './api-specs.schemas.js';

export interface AffectedConsumer {
  componentId?: string;
  teamId?: string;
  name: string;
}

// What the consumers' verbs check (decision 1170: out of createConsumers).
async function requireSpecExists(db: Database, id: string) {
  if (!(await repo.exists(db, id))) throw new NotFound('API spec not found');
}

async function checkTargets(db: Database, componentId: string | undefined, teamId: string | undefined) {
  if (componentId && !(await catalogLookup.componentExists(db, componentId)))
    throw new NotFound('Consumer component not found');
  if (teamId && !(await teamsLookup.findTeam(db, teamId))) throw new NotFound('Consumer team not found');
}

const duplicate = (team: boolean) =>
  new Conflict(
    team
      ? 'This team is already registered as a consumer of the spec'
      : 'This component is already registered as a consumer of the spec',
  );

/** Consumers of a spec: registration (HTTP: 409 on duplicates; catalog: idempotent), listing, removal. */
export function createConsumers(db: Database) {
  return {
    async register(_caller: Caller, apiSpecId: string, body: ConsumerBody) {
      // null counts as absent
      const consumerComponentId = body.consumerComponentId ?? undefined;
      const consumerTeamId = body.consumerTeamId ?? undefined;
      if (!consumerComponentId && !consumerTeamId) {
        throw new Invalid('consumerComponentId or consumerTeamId is required', [
          { field: 'body', problem: 'needs consumerComponentId or consumerTeamId' },
        ]);
      }
      await requireSpecExists(db, apiSpecId);
      await checkTargets(db, consumerComponentId, consumerTeamId);
      const taken = await repo.existingConsumer(db, apiSpecId, consumerComponentId, consumerTeamId);
      if (taken.component) throw duplicate(false);
      if (taken.team) throw duplicate(true);
      try {
        return await repo.insertConsumer(db, {
          apiSpecId,
          consumerComponentId: consumerComponentId ?? null,
          consumerTeamId: consumerTeamId ?? null,
        });
      } catch (err) {
        // A concurrent registration won the race between the check and the insert.
        const constraint = uniqueViolationConstraint(err);
        if (constraint === undefined) throw err;
        throw duplicate(constraint.includes('team'));
      }
    },

    /** The catalog's `spec.consumesApis`: registering an existing consumer again is a no-op. */
    async ensure(_caller: Caller, apiSpecId: string, who: { componentId?: string; teamId?: string }) {
      if (!who.componentId && !who.teamId) throw new Invalid('componentId or teamId is required');
      await requireSpecExists(db, apiSpecId);
      await checkTargets(db, who.componentId, who.teamId);
      const taken = await repo.existingConsumer(db, apiSpecId, who.componentId, who.teamId);
      if (taken.component || taken.team) return { created: false };
      try {
        await repo.insertConsumer(db, {
          apiSpecId,
          consumerComponentId: who.componentId ?? null,
          consumerTeamId: who.teamId ?? null,
        });
        return { created: true };
      } catch (err) {
        if (uniqueViolationConstraint(err) === undefined) throw err;
        return { created: false };
      }
    },

    async list(_caller: Caller, apiSpecId: string) {
      await requireSpecExists(db, apiSpecId);
      return repo.listConsumers(db, apiSpecId);
    },

    async remove(_caller: Caller, apiSpecId: string, consumerId: string) {
      await requireSpecExists(db, apiSpecId);
      if (!(await repo.deleteConsumer(db, apiSpecId, consumerId)))
        throw new NotFound('Consumer not found for this API spec');
    },

    /** Who a breaking change affects: the consumers of the old spec, named by their component (else team). */
    async affected(apiSpecId: string): Promise<AffectedConsumer[]> {
      const rows = await repo.listConsumers(db, apiSpecId);
      return Promise.all(
        rows.map(async (row) => {
          const out: AffectedConsumer = { name: '' };
          if (row.consumerComponentId) out.componentId = row.consumerComponentId;
          if (row.consumerTeamId) out.teamId = row.consumerTeamId;
          const component = row.consumerComponentId
            ? await catalogLookup.findComponent(db, row.consumerComponentId)
            : undefined;
          const team =
            !component && row.consumerTeamId ? await teamsLookup.findTeam(db, row.consumerTeamId) : undefined;
          out.name = component?.name ?? team?.name ?? '';
          return out;
        }),
      );
    },
  };
}
