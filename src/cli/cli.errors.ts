/**
 * Exit codes of `hangar` (docs/cli.md): 0 success, 1 a finding (a descriptor refused, a breaking
 * change), 2 a usage or connection error. Every error is one line on stderr, never a stack trace.
 */
export const EXIT = { ok: 0, finding: 1, usage: 2 } as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = EXIT.usage,
  ) {
    super(message);
  }
}

/** One line of an unexpected error: its message without a stack, never more than a line. */
export function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? '').trim().slice(0, 500) || 'unexpected error';
}
