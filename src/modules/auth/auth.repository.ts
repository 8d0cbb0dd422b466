import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** Public columns only: the password hash leaves the repository through `findCredentials` alone. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  roles: users.roles,
  type: users.type,
  description: users.description,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type PublicUser = Omit<UserRow, 'passwordHash'>;

export const authRepository = {
  async insertUser(db: Executor, values: typeof users.$inferInsert): Promise<PublicUser> {
    const [row] = await db.insert(users).values(values).returning(publicUserColumns);
    return row!;
  },

  async findById(db: Executor, id: string): Promise<PublicUser | undefined> {
    const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async adminExists(db: Executor): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`'admin' = ANY(${users.roles})`)
      .limit(1);
    return !!row;
  },

  async findByUsername(db: Executor, username: string): Promise<PublicUser | undefined> {
    const [row] = await db.select(publicUserColumns).from(users).where(eq(users.username, username)).limit(1);
    return row;
  },

  /** A person (never a service account) by email, for linking a verified single sign-on identity. */
  async findPersonByEmail(db: Executor, email: string): Promise<PublicUser | undefined> {
    const [row] = await db
      .select(publicUserColumns)
      .from(users)
      .where(and(eq(users.email, email), eq(users.type, 'user')))
      .limit(1);
    return row;
  },

  async usernamesTaken(db: Executor, candidates: string[]): Promise<Set<string>> {
    const rows = await db.select({ username: users.username }).from(users).where(inArray(users.username, candidates));
    return new Set(rows.map((r) => r.username));
  },

  async hasPassword(db: Executor, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNotNull(users.passwordHash)))
      .limit(1);
    return !!row;
  },

  async setDeactivated(db: Executor, id: string, at: Date | null): Promise<PublicUser | undefined> {
    const [row] = await db
      .update(users)
      .set({ deactivatedAt: at, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(publicUserColumns);
    return row;
  },

  async deleteUser(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  },

  async findCredentials(db: Executor, username: string) {
    const [row] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.username, username))
      .limit(1);
    return row;
  },

  async usernameOrEmailTaken(db: Executor, username: string, email: string) {
    const rows = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`${users.username} = ${username} OR ${users.email} = ${email}`)
      .limit(2);
    return { username: rows.some((r) => r.username === username), email: rows.some((r) => r.email === email) };
  },

  async listUsers(db: Executor, skip: number, take: number, type?: 'user' | 'service') {
    const where = type ? eq(users.type, type) : undefined;
    const [data, [total]] = await Promise.all([
      db
        .select(publicUserColumns)
        .from(users)
        .where(where)
        .orderBy(asc(users.createdAt), asc(users.id))
        .offset(skip)
        .limit(take),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return { data, total: total!.n };
  },

  async findExisting(db: Executor, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    return rows.map((r) => r.id);
  },

  async setRoles(db: Executor, id: string, roles: string[]): Promise<PublicUser | undefined> {
    const [row] = await db
      .update(users)
      .set({ roles, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(publicUserColumns);
    return row;
  },

  async insertRefreshToken(db: Executor, userId: string, tokenHash: string, expiresAt: Date) {
    await db.insert(refreshTokens).values({ userId, tokenHash, expiresAt });
  },

  /** Marks an unused token used, atomically: of two concurrent refreshes, one wins. */
  async consumeRefreshToken(db: Executor, tokenHash: string, userId: string) {
    const [row] = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ expiresAt: refreshTokens.expiresAt });
    return row;
  },

  /** As consumeRefreshToken, for a token that arrives without its username (the browser's cookie). */
  async consumeRefreshTokenByHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ userId: refreshTokens.userId, expiresAt: refreshTokens.expiresAt });
    return row;
  },

  /** Ends one session: its token can no longer be used (a later use is not treated as a leak). */
  async revokeRefreshToken(db: Executor, tokenHash: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
      );
  },

  async findRefreshToken(db: Executor, tokenHash: string) {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    return row;
  },

  async revokeAllRefreshTokens(db: Executor, userId: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
};
