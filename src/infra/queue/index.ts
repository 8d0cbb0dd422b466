import type { FastifyBaseLogger } from 'fastify';
import { BullmqQueue } from './bullmq.queue.js';
import { InProcessQueue } from './in-process.queue.js';
import type { JobQueue } from './queue.js';

export type { JobQueue, JobHandler, JobOptions } from './queue.js';

export function createQueue(opts: { redisUrl?: string; redisKeyPrefix: string; log: FastifyBaseLogger }): JobQueue {
  return opts.redisUrl ? new BullmqQueue(opts.redisUrl, opts.redisKeyPrefix, opts.log) : new InProcessQueue(opts.log);
}
