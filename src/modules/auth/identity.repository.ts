import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oidcSignInStates, personalAccessTokens, userIdentities, users } from '../../db/schema/index.js';

/** Token columns that may leave the module: never the hash. */
const tokenColumns = {
  id: personalAccessTokens.id,
  userId: personalAccessTokens.userId,
  name: personalAccessTokens.name,
  scope: personalAccessTokens.scope,
  expiresAt: personalAccessTokens.expiresAt,
  lastUsedAt: personalAccessTokens.lastUsedAt,
  createdAt: personalAccessTokens.createdAt,
};
export type TokenRow = { [K in keyof typeof tokenColumns]: (typeof personalAccessTokens.$inferSelect)[K] };

/** Linked single sign-on identities, personal access tokens and sign-ins in progress. */
export const identityRepository = {
  async findIdentity(db: Executor, issuer: string, subject: string) {
    const [row] = await db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
      .limit(1);
    return row;
  },

  async insertIdentity(db: Executor, values: typeof userIdentities.$inferInsert) {
    await db.insert(userIdentities).values(values);
  },

  async touchIdentity(db: Executor, id: string, email: string | null) {
    await db.update(userIdentities).set({ lastSignInAt: new Date(), email }).where(eq(userIdentities.id, id));
  },

  async identitiesOf(db: Executor, userId: string) {
    return db
      .select({
        provider: userIdentities.provider,
        subject: userIdentities.subject,
        email: userIdentities.email,
        linkedAt: userIdentities.linkedAt,
      })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(asc(userIdentities.linkedAt));
  },

  async deleteIdentity(db: Executor, userId: string, provider: string): Promise<boolean> {
    const rows = await db
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
      .returning({ id: userIdentities.id });
    return rows.length > 0;
  },

  async insertState(db: Executor, values: typeof oidcSignInStates.$inferInsert) {
    // Sign-ins abandoned at the provider leave rows behind: each new one sweeps the expired (indexed).
    await db.delete(oidcSignInStates).where(lt(oidcSignInStates.expiresAt, new Date()));
    await db.insert(oidcSignInStates).values(values);
  },

  /** Takes a sign-in's state once: of two callbacks with the same state, one gets the row. */
  async consumeState(db: Executor, stateHash: string) {
    const [row] = await db
      .delete(oidcSignInStates)
      .where(and(eq(oidcSignInStates.stateHash, stateHash), gt(oidcSignInStates.expiresAt, new Date())))
      .returning();
    return row;
  },

  async insertToken(db: Executor, values: typeof personalAccessTokens.$inferInsert): Promise<TokenRow> {
    const [row] = await db.insert(personalAccessTokens).values(values).returning(tokenColumns);
    return row!;
  },

  async tokensOf(db: Executor, userId: string): Promise<TokenRow[]> {
    return db
      .select(tokenColumns)
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, userId))
      .orderBy(desc(personalAccessTokens.createdAt), asc(personalAccessTokens.id))
      .limit(1000);
  },

  async findTokenById(db: Executor, id: string): Promise<TokenRow | undefined> {
    const [row] = await db
      .select(tokenColumns)
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, id))
      .limit(1);
    return row;
  },

  /** The request path's lookup: one indexed row by the secret's hash. */
  async findTokenByHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({
        id: personalAccessTokens.id,
        userId: personalAccessTokens.userId,
        scope: personalAccessTokens.scope,
        expiresAt: personalAccessTokens.expiresAt,
      })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  async deleteToken(db: Executor, id: string): Promise<boolean> {
    const rows = await db
      .delete(personalAccessTokens)
      .where(eq(personalAccessTokens.id, id))
      .returning({ id: personalAccessTokens.id });
    return rows.length > 0;
  },

  async touchToken(db: Executor, id: string, at: Date) {
    await db.update(personalAccessTokens).set({ lastUsedAt: at }).where(eq(personalAccessTokens.id, id));
  },

  /** How many tokens each of these users holds (the service account list). */
  async tokenCounts(db: Executor, userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ userId: personalAccessTokens.userId, n: sql<number>`count(*)::int` })
      .from(personalAccessTokens)
      .where(inArray(personalAccessTokens.userId, userIds))
      .groupBy(personalAccessTokens.userId);
    return new Map(rows.map((r) => [r.userId, Number(r.n)]));
  },

  async userType(db: Executor, id: string): Promise<string | undefined> {
    const [row] = await db.select({ type: users.type }).from(users).where(eq(users.id, id)).limit(1);
    return row?.type;
  },
};
