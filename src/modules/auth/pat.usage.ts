import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { identityRepository } from './identity.repository.js';

/** `lastUsedAt` is as precise as this: a busy token costs one write a minute per process, not one per request. */
const WRITE_EVERY_MS = 60_000;
const REMEMBERED = 10_000;

/**
 * Records a personal access token's use off the request path (decision 836): the request never
 * waits for the write, and a failed write (a database blip) is only logged.
 */
export function tokenUseRecorder(db: Database, log: FastifyBaseLogger) {
  const written = new Map<string, number>();
  return (tokenId: string) => {
    const now = Date.now();
    const last = written.get(tokenId);
    if (last !== undefined && now - last < WRITE_EVERY_MS) return;
    if (written.size >= REMEMBERED) written.clear();
    written.set(tokenId, now);
    identityRepository.touchToken(db, tokenId, new Date(now)).catch((err: unknown) => {
      written.delete(tokenId);
      log.warn({ err, tokenId }, 'could not record a personal access token use');
    });
  };
}
