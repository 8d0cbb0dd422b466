/** Where the test suite finds PostgreSQL and Redis (the machine's services unless overridden). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Start of every database name and Redis key prefix the suite creates (several checkouts may share one server). */
export const TEST_NAME_PREFIX = process.env.TEST_NAME_PREFIX ?? 'hangar';

export function databaseUrlFor(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
