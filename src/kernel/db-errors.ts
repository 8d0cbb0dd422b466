/** PostgreSQL error codes, found on the error or its causes (drizzle wraps driver errors). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique index refused the row: services turn this into a 409. */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
