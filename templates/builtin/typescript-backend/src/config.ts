export type DatabaseType = 'postgres' | 'mysql' | 'sqlite';

export interface Config {
  serviceName: string;
  port: number;
  databaseType: DatabaseType;
  databaseUrl: string | undefined;
}

/** Reads the environment once; defaults were chosen when the service was scaffolded. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseType = (env.DATABASE_TYPE ?? '{{DATABASE_TYPE}}') as DatabaseType;
  if (!['postgres', 'mysql', 'sqlite'].includes(databaseType)) {
    throw new Error(`DATABASE_TYPE must be postgres, mysql or sqlite, not "${databaseType}"`);
  }
  const port = Number(env.PORT ?? '{{PORT}}');
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return { serviceName: '{{SERVICE_NAME}}', port, databaseType, databaseUrl: env.DATABASE_URL };
}
