/** The PostgreSQL error on `err` or its causes (drizzle wraps driver errors). */
function pgError(err: unknown): { code: string; constraint?: string; constraint_name?: string } | undefined {
  for (let e: any = err, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

export const pgErrorCode = (err: unknown): string | undefined => pgError(err)?.code;

/** A unique index refused the row: services turn this into a 409. */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** The name of the unique index a row broke (to say which duplicate it was), or undefined. */
export function uniqueViolationConstraint(err: unknown): string | undefined {
  const e = pgError(err);
  return e?.code === '23505' ? String(e.constraint ?? e.constraint_name ?? '') : undefined;
}

/** A foreign key refused the row (the record it names does not exist, or is still referenced): services turn this into a 404 or 409. */
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === '23503';
