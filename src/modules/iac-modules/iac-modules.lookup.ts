import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { iacModules, iacModuleVersions } from '../../db/schema/index.js';

/** Read-only access for other modules (the iac module matches drift records to catalogued modules). */
export const iacModulesLookup = {
  /** Modules whose source repository is exactly `url`. */
  async findBySourceUrl(db: Executor, url: string) {
    return db.select().from(iacModules).where(eq(iacModules.sourceRepoUrl, url));
  },
  /** Stored version names (tag names) per module id, in one query. */
  async versionNamesOf(db: Executor, moduleIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (moduleIds.length === 0) return out;
    const rows = await db
      .select({ moduleId: iacModuleVersions.moduleId, version: iacModuleVersions.version })
      .from(iacModuleVersions)
      .where(inArray(iacModuleVersions.moduleId, moduleIds));
    for (const r of rows) out.set(r.moduleId, [...(out.get(r.moduleId) ?? []), r.version]);
    return out;
  },
};
