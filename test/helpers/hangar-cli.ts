import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

/** The `hangar` command line run as a process (test/e2e/cli-*.test.ts), from the repository's bin shim. */
export const REPO_ROOT = join(import.meta.dirname, '../..');
const BIN = join(REPO_ROOT, 'bin/hangar.mjs');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
export interface RunOptions {
  env?: Record<string, string>;
  stdin?: string;
  cwd?: string;
}

/** Runs a command with only PATH, `home` and the given environment (no HANGAR_* of this process). */
export function run(command: string, args: string[], home: string, o: RunOptions = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: o.cwd ?? REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: home, ...o.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(o.stdin ?? '');
  });
}

/** `hangar args…` (asynchronously: the server under test shares this process's event loop). */
export const runHangar = (args: string[], home: string, o: RunOptions = {}) =>
  run(process.execPath, [BIN, ...args], home, o);

/** An error is one line on stderr, without a stack trace; answers that line. */
export function oneLineError(r: Run, code: number): string {
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(code);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  return lines[0]!;
}
