import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from './cli.errors.js';

/**
 * Where `hangar login` keeps the server and token: `~/.config/hangar/config.json` (under
 * `XDG_CONFIG_HOME` when set), readable by its owner only (0600, folder 0700). `HANGAR_URL`,
 * `HANGAR_TOKEN` and `HANGAR_ORGANIZATION` override what it holds (CI sets them as secrets).
 */
export interface StoredConfig {
  url?: string;
  token?: string;
  organization?: string;
}

export interface Connection {
  url: string;
  token: string;
  organization: string | undefined;
}

type Env = Record<string, string | undefined>;

export function configPath(env: Env = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'hangar', 'config.json');
}

export function readConfig(path = configPath()): StoredConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    const v = value as Record<string, unknown>;
    const str = (x: unknown) => (typeof x === 'string' && x !== '' ? x : undefined);
    return { url: str(v.url), token: str(v.token), organization: str(v.organization) };
  } catch {
    throw new CliError(`${path} is not valid JSON: run hangar login again`);
  }
}

/** Written whole to a new file, then renamed over the old one, so a reader never sees half a file. */
export function writeConfig(config: StoredConfig, path = configPath()): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // The mode of writeFileSync applies only to a new file, and the umask may narrow it: set it exactly.
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/** A server base URL: http(s), without a trailing slash or an `/api/v1` the user copied along. */
export function normaliseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`"${raw}" is not a URL (give the server's address, e.g. https://hangar.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`"${raw}" is not an http(s) URL`);
  if (url.username || url.password) throw new CliError('give the token with --token, not inside the URL');
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}`;
}

/** The server and token to use: the environment first, then the stored config; none is a usage error. */
export function connection(env: Env = process.env, organization?: string): Connection {
  const stored = readConfig(configPath(env));
  const url = env.HANGAR_URL || stored.url;
  const token = env.HANGAR_TOKEN || stored.token;
  if (!url || !token) {
    throw new CliError('not logged in: run "hangar login --url URL --token TOKEN", or set HANGAR_URL and HANGAR_TOKEN');
  }
  return {
    url: normaliseUrl(url),
    token,
    organization: organization || env.HANGAR_ORGANIZATION || stored.organization,
  };
}
