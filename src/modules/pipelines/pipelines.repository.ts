import { and, count, desc, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pipelineRuns, pipelines, type StageResultRow } from '../../db/schema/index.js';
import type { RunStatus } from './pipelines.schemas.js';

export type PipelineRow = typeof pipelines.$inferSelect;
export type RunRow = typeof pipelineRuns.$inferSelect;

const UNFINISHED: RunStatus[] = ['queued', 'running', 'waiting_approval'];
/** Runs lists carry only the end of each run's logs; the run itself has them all. */
const LIST_LOG_TAIL = 4096;

/** A LIKE pattern matching `s` anywhere, its wildcards taken literally. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const { logs: _logs, ...runColumnsWithoutLogs } = getTableColumns(pipelineRuns);
void _logs;

export const pipelinesRepository = {
  async list(db: Executor, organizationId: string | null, offset: number, limit: number, search?: string) {
    const inOrg =
      organizationId === null ? isNull(pipelines.organizationId) : eq(pipelines.organizationId, organizationId);
    const where = search
      ? and(inOrg, or(ilike(pipelines.name, likePattern(search)), ilike(pipelines.description, likePattern(search))))
      : inOrg;
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(pipelines)
        .where(where)
        .orderBy(desc(pipelines.createdAt), desc(pipelines.id))
        .offset(offset)
        .limit(limit),
      db.select({ n: count() }).from(pipelines).where(where),
    ]);
    return { data, total: total!.n };
  },

  async find(db: Executor, id: string): Promise<PipelineRow | undefined> {
    const [row] = await db.select().from(pipelines).where(eq(pipelines.id, id)).limit(1);
    return row;
  },

  async nameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await db.select({ id: pipelines.id }).from(pipelines).where(eq(pipelines.name, name)).limit(1);
    return !!row && row.id !== exceptId;
  },

  async insert(db: Executor, values: typeof pipelines.$inferInsert): Promise<PipelineRow> {
    const [row] = await db.insert(pipelines).values(values).returning();
    return row!;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof pipelines.$inferInsert>,
  ): Promise<PipelineRow | undefined> {
    const [row] = await db
      .update(pipelines)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(pipelines.id, id))
      .returning();
    return row;
  },

  async remove(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(pipelines).where(eq(pipelines.id, id)).returning({ id: pipelines.id });
    return rows.length > 0;
  },

  // --- runs ---

  async insertRun(db: Executor, values: typeof pipelineRuns.$inferInsert): Promise<RunRow> {
    const [row] = await db.insert(pipelineRuns).values(values).returning();
    return row!;
  },

  async findRun(db: Executor, id: string, forUpdate = false): Promise<RunRow | undefined> {
    const q = db.select().from(pipelineRuns).where(eq(pipelineRuns.id, id)).limit(1);
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  async listRuns(db: Executor, pipelineId: string, limit: number): Promise<RunRow[]> {
    return db
      .select({ ...runColumnsWithoutLogs, logs: sql<string>`right(${pipelineRuns.logs}, ${LIST_LOG_TAIL})` })
      .from(pipelineRuns)
      .where(eq(pipelineRuns.pipelineId, pipelineId))
      .orderBy(desc(pipelineRuns.createdAt), desc(pipelineRuns.id))
      .limit(limit);
  },

  async unfinishedRunsOf(db: Executor, pipelineId: string) {
    return db
      .select({ id: pipelineRuns.id, status: pipelineRuns.status, jobId: pipelineRuns.jobId })
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.pipelineId, pipelineId), inArray(pipelineRuns.status, UNFINISHED)));
  },

  async unfinishedRuns(db: Executor) {
    return db
      .select({
        id: pipelineRuns.id,
        status: pipelineRuns.status,
        resumeAt: pipelineRuns.resumeAt,
        jobFrom: pipelineRuns.jobFrom,
      })
      .from(pipelineRuns)
      .where(inArray(pipelineRuns.status, UNFINISHED))
      .orderBy(pipelineRuns.createdAt);
  },

  /** Updates a run only while it is in one of `from` (the guard every engine and verb write uses). */
  async updateRunIf(
    db: Executor,
    id: string,
    from: RunStatus[],
    values: Partial<typeof pipelineRuns.$inferInsert>,
  ): Promise<RunRow | undefined> {
    const [row] = await db
      .update(pipelineRuns)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(pipelineRuns.id, id), inArray(pipelineRuns.status, from)))
      .returning();
    return row;
  },

  /** Claims the continuation of an approved run (exactly one job wins it). */
  async claimResume(db: Executor, id: string, from: number, jobId: string): Promise<RunRow | undefined> {
    const [row] = await db
      .update(pipelineRuns)
      .set({ resumeAt: null, jobId, jobFrom: from, updatedAt: new Date() })
      .where(and(eq(pipelineRuns.id, id), eq(pipelineRuns.status, 'running'), eq(pipelineRuns.resumeAt, from)))
      .returning();
    return row;
  },

  /**
   * The engine's periodic write while a stage runs: appends output to `logs` and replaces the stage
   * results, only while the run is still `running`. Answers false when it no longer is (cancelled
   * from anywhere), which tells the engine to stop.
   */
  async appendProgress(
    db: Executor,
    id: string,
    chunk: string,
    chunkBytes: number,
    stageResults: StageResultRow[],
  ): Promise<boolean> {
    const rows = await db
      .update(pipelineRuns)
      .set({
        logs: sql`${pipelineRuns.logs} || ${chunk}`,
        logBytes: sql`${pipelineRuns.logBytes} + ${chunkBytes}`,
        stageResults,
        updatedAt: new Date(),
      })
      .where(and(eq(pipelineRuns.id, id), eq(pipelineRuns.status, 'running')))
      .returning({ id: pipelineRuns.id });
    return rows.length > 0;
  },

  /** Appends output whatever the status (the last lines of a cancelled stage). */
  async appendLogs(db: Executor, id: string, chunk: string, chunkBytes: number) {
    if (!chunk) return;
    await db
      .update(pipelineRuns)
      .set({ logs: sql`${pipelineRuns.logs} || ${chunk}`, logBytes: sql`${pipelineRuns.logBytes} + ${chunkBytes}` })
      .where(eq(pipelineRuns.id, id));
  },

  async runStatus(db: Executor, id: string): Promise<RunStatus | undefined> {
    const [row] = await db
      .select({ status: pipelineRuns.status })
      .from(pipelineRuns)
      .where(eq(pipelineRuns.id, id))
      .limit(1);
    return row?.status;
  },

  /** Recent runs with their pipeline's name, newest first (dashboards). */
  async recentRuns(db: Executor, limit: number, where?: SQL) {
    return db
      .select({
        id: pipelineRuns.id,
        pipelineId: pipelineRuns.pipelineId,
        pipelineName: pipelines.name,
        status: pipelineRuns.status,
        triggeredBy: pipelineRuns.triggeredBy,
        version: pipelineRuns.version,
        startedAt: pipelineRuns.startedAt,
        finishedAt: pipelineRuns.finishedAt,
        durationMs: pipelineRuns.durationMs,
        createdAt: pipelineRuns.createdAt,
      })
      .from(pipelineRuns)
      .innerJoin(pipelines, eq(pipelines.id, pipelineRuns.pipelineId))
      .where(where)
      .orderBy(desc(pipelineRuns.createdAt), desc(pipelineRuns.id))
      .limit(limit);
  },
};
