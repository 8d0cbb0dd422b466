import type { FastifyBaseLogger } from 'fastify';
import { BullmqQueue, type BullmqTimings } from './bullmq.queue.js';
import { InProcessQueue } from './in-process.queue.js';
import type { JobQueue } from './queue.js';

export type { JobQueue, JobHandler, JobOptions, JobState, LaneOptions, RunInfo, ScheduleSpec } from './queue.js';
export { NoRetry } from './queue.js';

export function createQueue(opts: { redisUrl?: string; redisKeyPrefix: string; log: FastifyBaseLogger; timings?: BullmqTimings }): JobQueue {
  return opts.redisUrl ? new BullmqQueue(opts.redisUrl, opts.redisKeyPrefix, opts.log, opts.timings) : new InProcessQueue(opts.log);
}
