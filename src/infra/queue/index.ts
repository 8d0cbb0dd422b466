import type { FastifyBaseLogger } from 'fastify';
import type { BullmqTimings } from './bullmq.queue.js';
import { InProcessQueue } from './in-process.queue.js';
import type { JobQueue } from './queue.js';

export type { JobQueue, RunInfo } from './queue.js';
export { NoRetry } from './queue.js';

/** BullMQ is loaded only when Redis is configured (about 25 MB a single process never needs). */
export async function createQueue(opts: {
  redisUrl?: string;
  redisKeyPrefix: string;
  log: FastifyBaseLogger;
  timings?: BullmqTimings;
}): Promise<JobQueue> {
  if (!opts.redisUrl) return new InProcessQueue(opts.log);
  const { BullmqQueue } = await import('./bullmq.queue.js');
  return new BullmqQueue(opts.redisUrl, opts.redisKeyPrefix, opts.log, opts.timings);
}
