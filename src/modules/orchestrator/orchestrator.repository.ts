import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orchestratorRolloutPhases as phases } from '../../db/schema/index.js';

export type PhaseChange = { kind: 'new' } | { kind: 'changed'; previousPhase: string } | { kind: 'same' };

/** The last seen phase of each rollout (one row per rollout uid). */
export const rolloutPhasesRepository = {
  /**
   * Records `phase` for a rollout. A row seen for the first time is `new`; otherwise the update
   * happens only when the phase differs, and then answers the phase it replaced. Two processes
   * recording the same change race on the row lock: exactly one sees `changed`.
   */
  async record(db: Executor, r: { uid: string; namespace: string; name: string; phase: string }): Promise<PhaseChange> {
    const inserted = await db
      .insert(phases)
      .values({ uid: r.uid, namespace: r.namespace, name: r.name, phase: r.phase })
      .onConflictDoNothing({ target: phases.uid })
      .returning({ uid: phases.uid });
    if (inserted.length > 0) return { kind: 'new' };
    const [row] = await db
      .update(phases)
      // On the right-hand side `phase` is the row's value before this update.
      .set({
        previousPhase: sql`${phases.phase}`,
        phase: r.phase,
        namespace: r.namespace,
        name: r.name,
        updatedAt: new Date(),
      })
      .where(and(eq(phases.uid, r.uid), ne(phases.phase, r.phase)))
      .returning({ previousPhase: phases.previousPhase });
    return row ? { kind: 'changed', previousPhase: row.previousPhase ?? '' } : { kind: 'same' };
  },

  async find(
    db: Executor,
    uid: string,
  ): Promise<{ phase: string; previousPhase: string | null; updatedAt: Date } | undefined> {
    const [row] = await db
      .select({ phase: phases.phase, previousPhase: phases.previousPhase, updatedAt: phases.updatedAt })
      .from(phases)
      .where(eq(phases.uid, uid));
    return row;
  },

  async remove(db: Executor, uid: string) {
    await db.delete(phases).where(eq(phases.uid, uid));
  },
};
