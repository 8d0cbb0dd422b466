import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../../../src/kernel/paths.js';
import { freePort, waitUntil } from '../../../helpers/free-port.js';
import { cloneTemplateDatabase } from '../../../helpers/template-database.js';
import { browserSetup } from './setup-ready.js';

export const ADMIN = { username: 'portal-admin', email: 'portal-admin@hangar.test', password: 'Portal-Adm1n-Passw0rd' };

export interface PortalServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Everything the process wrote, for failure messages. */
  readonly output: () => string;
  /** JSON request to the API; `token` adds the bearer header. */
  api<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
  /** The bootstrap admin's access token (JSON login, not the browser's cookie mode). */
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A real Hangar process as `npm start` runs it (the bundle dist/src/server.js, built by the browser
 * project's global setup), listening on a free port, serving the built portal from web/dist. Its working
 * folder is a fresh temporary folder, so no developer `.env` leaks in.
 *
 * Its database is its own PostgreSQL database cloned from the suite's migrated template and dropped on
 * `stop` (decision 523), unless `env.DATABASE_URL` names another (`memory://`: the embedded one). The
 * embedded database spent about 6 CPU-seconds of each start on WebAssembly and migrations; a clone
 * starts in about 1.
 */
export async function startPortalServer(env: Record<string, string> = {}): Promise<PortalServer> {
  await browserSetup(); // web/dist built (decision 1158)
  const database = env.DATABASE_URL ? undefined : await cloneTemplateDatabase('browser');
  // A caller that must know the address first (PUBLIC_URL for single sign-on) picks the port itself.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hangar-browser-'));
  const child: ChildProcess = spawn(process.execPath, [join(projectRoot, 'dist', 'src', 'server.js')], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PASSWORD_HASH_PROFILE: 'test', // decision 1130
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? 'memory://',
      JWT_SECRET: 'browser-test-secret-that-is-long-enough-0123456789',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  try {
    await Promise.race([
      waitUntil(async () => (await fetch(`${url}/health/ready`)).status === 200, 90_000, 'the server to be ready'),
      exited.then(() => Promise.reject(new Error(`the server exited with ${child.exitCode}`))),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\n${output}`);
  }

  let token: string | undefined;
  return {
    url,
    output: () => output,
    api,
    async adminToken() {
      token ??= (await api('POST', '/api/v1/auth/login', { username: ADMIN.username, password: ADMIN.password })).body
        .token as string;
      return token;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
