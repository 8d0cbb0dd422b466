import { symbols } from 'pino';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Captures everything the app's own pino logger writes (its configured serializers included) by
 * wrapping the destination stream shared by the root logger and every child (request) logger.
 * The lines are kept in memory instead of reaching stdout.
 */
export function captureLogs(log: FastifyBaseLogger): { text(): string; restore(): void } {
  const stream = (log as unknown as Record<symbol, { write(chunk: string): boolean }>)[symbols.streamSym];
  if (!stream) throw new Error('logger has no stream');
  const lines: string[] = [];
  const original = stream.write;
  stream.write = (chunk: string) => {
    lines.push(String(chunk));
    return true;
  };
  return {
    text: () => lines.join(''),
    restore: () => {
      stream.write = original;
    },
  };
}
