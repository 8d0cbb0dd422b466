import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
// iac_modules / iac_module_versions belong to the iac-modules module; drift matching only READS them
// (source URL -> module, its known version strings), so it imports the tables instead of a service.
import { iacModules, iacModuleVersions } from '../../db/schema/index.js';
import { iacModuleDrift, iacResourceEdges, iacResourceNodes, iacRuns, iacStacks } from '../../db/schema/index.js';

export type StackRow = typeof iacStacks.$inferSelect;
export type RunRow = typeof iacRuns.$inferSelect;
export type NewStack = typeof iacStacks.$inferInsert;
export type NewRun = typeof iacRuns.$inferInsert;

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 bind parameters, few round trips. */
const CHUNK = 2000;
const BULK_CHUNK = 5000;

const stackColumns = {
  id: iacStacks.id,
  name: iacStacks.name,
  environment: iacStacks.environment,
  provider: iacStacks.provider,
  repositoryUrl: iacStacks.repositoryUrl,
  basePath: iacStacks.basePath,
  externalToolUrl: iacStacks.externalToolUrl,
  componentId: iacStacks.componentId,
  createdAt: iacStacks.createdAt,
  updatedAt: iacStacks.updatedAt,
  run: {
    id: iacRuns.id,
    type: iacRuns.type,
    status: iacRuns.status,
    add: iacRuns.changesAdd,
    change: iacRuns.changesChange,
    destroy: iacRuns.changesDestroy,
    triggeredBy: iacRuns.triggeredBy,
    startedAt: iacRuns.startedAt,
    durationMs: iacRuns.durationMs,
  },
};

/** A stack with its latest run, read in one query through the maintained latest_run_id. */
function stacksWithLatestRun(db: Executor, where: SQL | undefined) {
  return db
    .select(stackColumns)
    .from(iacStacks)
    .leftJoin(iacRuns, eq(iacRuns.id, iacStacks.latestRunId))
    .where(where)
    .orderBy(asc(iacStacks.environment), asc(iacStacks.name), asc(iacStacks.id));
}
export type StackWithRunRow = Awaited<ReturnType<typeof stacksWithLatestRun>>[number];

export const iacRepository = {
  listStacks(db: Executor, filter: { environment?: string; componentId?: string }) {
    const conds: SQL[] = [];
    if (filter.environment !== undefined) conds.push(eq(iacStacks.environment, filter.environment));
    if (filter.componentId !== undefined) conds.push(eq(iacStacks.componentId, filter.componentId));
    return stacksWithLatestRun(db, conds.length ? and(...conds) : undefined);
  },

  async findStack(db: Executor, id: string) {
    const [row] = await stacksWithLatestRun(db, eq(iacStacks.id, id));
    return row;
  },

  /** Locks the stack row for the rest of the transaction: concurrent topology replacements queue up. */
  async lockStack(db: Executor, id: string): Promise<boolean> {
    const rows = await db.select({ id: iacStacks.id }).from(iacStacks).where(eq(iacStacks.id, id)).for('update');
    return rows.length > 0;
  },

  async findStacksByKeys(db: Executor, keys: { name: string; environment: string }[]): Promise<StackRow[]> {
    if (keys.length === 0) return [];
    const names = [...new Set(keys.map((k) => k.name))];
    const rows = await db.select().from(iacStacks).where(inArray(iacStacks.name, names)).for('update');
    const wanted = new Set(keys.map((k) => `${k.name}\u0000${k.environment}`));
    return rows.filter((r) => wanted.has(`${r.name}\u0000${r.environment}`));
  },

  /** Multi-row upsert by (name, environment); `inserted` tells a new row from an updated one. */
  async upsertStacks(db: Executor, rows: NewStack[]) {
    const out: { inserted: boolean }[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = await db
        .insert(iacStacks)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [iacStacks.name, iacStacks.environment],
          set: {
            provider: sql`excluded.provider`,
            repositoryUrl: sql`excluded.repository_url`,
            basePath: sql`excluded.base_path`,
            externalToolUrl: sql`excluded.external_tool_url`,
            componentId: sql`excluded.component_id`,
            updatedAt: new Date(),
          },
        })
        // xmax is 0 only for a freshly inserted tuple.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      out.push(...part);
    }
    return out;
  },

  /** The stack of (name, environment), created when unknown; safe under concurrent ingestion. */
  async ensureStack(db: Executor, name: string, environment: string, provider: string | null): Promise<StackRow> {
    await db
      .insert(iacStacks)
      .values({ name, environment, provider })
      .onConflictDoNothing({ target: [iacStacks.name, iacStacks.environment] });
    const [row] = await db
      .select()
      .from(iacStacks)
      .where(and(eq(iacStacks.name, name), eq(iacStacks.environment, environment)))
      .limit(1);
    // A stack known without a provider (imported without one) learns it from the first run naming one.
    if (row && row.provider === null && provider !== null) {
      const [updated] = await db
        .update(iacStacks)
        .set({ provider, updatedAt: new Date() })
        .where(and(eq(iacStacks.id, row.id), isNull(iacStacks.provider)))
        .returning();
      return updated ?? row;
    }
    return row!;
  },

  async insertRun(db: Executor, values: NewRun): Promise<RunRow> {
    const [row] = await db.insert(iacRuns).values(values).returning();
    return row!;
  },

  async insertRuns(db: Executor, values: NewRun[]) {
    for (let i = 0; i < values.length; i += CHUNK) await db.insert(iacRuns).values(values.slice(i, i + CHUNK));
  },

  /**
   * Counts the new run and points the stack at it only if no newer run is recorded (a tie goes to the
   * later ingestion). One UPDATE: it takes the row lock, so concurrent ingestions of the same stack
   * serialise here and each sees the other's result.
   */
  async recordRun(db: Executor, stackId: string, runId: string, startedAt: Date, added = 1) {
    const newer = sql`(${iacStacks.latestRunStartedAt} IS NULL OR ${iacStacks.latestRunStartedAt} <= ${startedAt.toISOString()}::timestamptz)`;
    await db
      .update(iacStacks)
      .set({
        runCount: sql`${iacStacks.runCount} + ${added}`,
        latestRunId: sql`CASE WHEN ${newer} THEN ${runId}::uuid ELSE ${iacStacks.latestRunId} END`,
        latestRunStartedAt: sql`CASE WHEN ${newer} THEN ${startedAt.toISOString()}::timestamptz ELSE ${iacStacks.latestRunStartedAt} END`,
        // A new run is not a change of the stack's own fields.
        updatedAt: sql`${iacStacks.updatedAt}`,
      })
      .where(eq(iacStacks.id, stackId));
  },

  /** Bench/seed helper after a bulk insert of `added` runs: recount and re-point from the runs index. */
  async refreshAfterBulkRuns(db: Executor, stackId: string, added: number) {
    const [latest] = await db
      .select({ id: iacRuns.id, startedAt: iacRuns.startedAt })
      .from(iacRuns)
      .where(eq(iacRuns.stackId, stackId))
      .orderBy(desc(iacRuns.startedAt), desc(iacRuns.id))
      .limit(1);
    if (latest) await iacRepository.recordRun(db, stackId, latest.id, latest.startedAt, added);
  },

  /** Existence and the maintained run count of a stack in one lookup (undefined: no such stack). */
  async stackRunCount(db: Executor, stackId: string) {
    const [row] = await db
      .select({ runCount: iacStacks.runCount })
      .from(iacStacks)
      .where(eq(iacStacks.id, stackId))
      .limit(1);
    return row;
  },

  /** One page, newest first, served by the (stack_id, started_at desc, id desc) index. */
  listRuns(db: Executor, stackId: string, offset: number, limit: number) {
    return db
      .select()
      .from(iacRuns)
      .where(eq(iacRuns.stackId, stackId))
      .orderBy(desc(iacRuns.startedAt), desc(iacRuns.id))
      .offset(offset)
      .limit(limit);
  },

  // ---- module drift ----

  /** Catalogued modules whose source URL is one of `urls`, oldest first (the first one wins a tie). */
  async modulesBySourceUrls(db: Executor, urls: string[]) {
    if (urls.length === 0) return [];
    return db
      .select({ id: iacModules.id, sourceRepoUrl: iacModules.sourceRepoUrl, latestVersion: iacModules.latestVersion })
      .from(iacModules)
      .where(inArray(iacModules.sourceRepoUrl, urls))
      .orderBy(asc(iacModules.createdAt), asc(iacModules.id));
  },

  async versionsOfModules(db: Executor, moduleIds: string[]) {
    if (moduleIds.length === 0) return [];
    return db
      .select({ moduleId: iacModuleVersions.moduleId, version: iacModuleVersions.version })
      .from(iacModuleVersions)
      .where(inArray(iacModuleVersions.moduleId, moduleIds));
  },

  async insertDrift(db: Executor, rows: (typeof iacModuleDrift.$inferInsert)[]) {
    for (let i = 0; i < rows.length; i += CHUNK) await db.insert(iacModuleDrift).values(rows.slice(i, i + CHUNK));
  },

  listDrift(db: Executor) {
    return (
      db
        .select({
          id: iacModuleDrift.id,
          stackPath: iacModuleDrift.stackPath,
          moduleName: iacModuleDrift.moduleName,
          sourceUrl: iacModuleDrift.sourceUrl,
          currentRef: iacModuleDrift.currentRef,
          latestRef: iacModuleDrift.latestRef,
          versionsBehind: iacModuleDrift.versionsBehind,
          moduleId: iacModuleDrift.moduleId,
          // A deleted module clears moduleId (FK set null); its version goes with it so the pair stays
          // "both set or both null".
          latestKnownVersion: sql<
            string | null
          >`case when ${iacModuleDrift.moduleId} is null then null else ${iacModuleDrift.latestKnownVersion} end`,
          detectedAt: iacModuleDrift.detectedAt,
        })
        .from(iacModuleDrift)
        // Newest report first; the records of one report (same detectedAt) in the order they were reported.
        .orderBy(desc(iacModuleDrift.detectedAt), asc(iacModuleDrift.seq))
    );
  },

  // ---- topology ----

  /**
   * Deletes the stack's graph and inserts the new one (caller's transaction). Each INSERT carries up to
   * 5,000 rows as one array per column (`unnest`): a multi-row insert with 3-5 bind parameters instead
   * of one per value, ~3x faster than a VALUES list on the embedded database.
   */
  async replaceTopology(
    db: Executor,
    stackId: string,
    nodes: { address: string; type: string; provider: string; name: string }[],
    edges: { sourceAddress: string; targetAddress: string }[],
  ) {
    await db.delete(iacResourceEdges).where(eq(iacResourceEdges.stackId, stackId));
    await db.delete(iacResourceNodes).where(eq(iacResourceNodes.stackId, stackId));
    const col = <T>(rows: T[], f: (r: T) => string) => sql`${sql.param(rows.map(f))}::text[]`;
    for (let i = 0; i < nodes.length; i += BULK_CHUNK) {
      const part = nodes.slice(i, i + BULK_CHUNK);
      await db.execute(sql`
        INSERT INTO ${iacResourceNodes} (stack_id, address, type, provider, name)
        SELECT ${stackId}::uuid, a, t, p, n
        FROM unnest(${col(part, (r) => r.address)}, ${col(part, (r) => r.type)}, ${col(part, (r) => r.provider)}, ${col(part, (r) => r.name)}) AS u(a, t, p, n)`);
    }
    for (let i = 0; i < edges.length; i += BULK_CHUNK) {
      const part = edges.slice(i, i + BULK_CHUNK);
      await db.execute(sql`
        INSERT INTO ${iacResourceEdges} (stack_id, source_address, target_address)
        SELECT ${stackId}::uuid, s, t
        FROM unnest(${col(part, (r) => r.sourceAddress)}, ${col(part, (r) => r.targetAddress)}) AS u(s, t)`);
    }
  },

  async topology(db: Executor, stackId: string) {
    const [nodes, edges] = await Promise.all([
      db
        .select({
          address: iacResourceNodes.address,
          type: iacResourceNodes.type,
          provider: iacResourceNodes.provider,
          name: iacResourceNodes.name,
        })
        .from(iacResourceNodes)
        .where(eq(iacResourceNodes.stackId, stackId))
        .orderBy(asc(iacResourceNodes.address)),
      db
        .select({ source: iacResourceEdges.sourceAddress, target: iacResourceEdges.targetAddress })
        .from(iacResourceEdges)
        .where(eq(iacResourceEdges.stackId, stackId))
        .orderBy(asc(iacResourceEdges.sourceAddress), asc(iacResourceEdges.targetAddress)),
    ]);
    return { nodes, edges };
  },
};
