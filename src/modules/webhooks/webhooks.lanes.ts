/**
 * Each subscription's own bounded concurrency inside one process (decision 1097). At most `cap`
 * attempts of a subscription run at once; a few more may wait here for a slot while the lane is
 * fast. A slow lane (a receiver that times out) never keeps waiters: its deliveries over the cap go
 * back to the queue for about as long as the ones ahead of them will take, so a dead receiver holds
 * `cap` of the queue's slots and none of the others, and its backlog does not churn the queue.
 */
export interface Lane {
  active: number;
  waiting: (() => void)[];
  /** Deliveries sent back to the queue and not yet returned (an estimate: another process may take them). */
  deferred: number;
  /** Recent attempt duration (exponentially weighted), ms. */
  averageMs: number;
  /** When each running attempt started: a lane whose first attempts still hang is already slow. */
  starts: number[];
}

/** A lane whose attempts take longer than this keeps no waiters. */
const SLOW_MS = 1_000;
const MIN_DEFER_MS = 100;
const MAX_DEFER_MS = 600_000;

export class SubscriptionLanes {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly cap: number,
    /** Waiters a fast lane may keep (they hold queue slots, cheaply). */
    private readonly maxWaiting: number = cap * 4,
  ) {}

  /**
   * A slot of the subscription's lane (`release` frees it; later calls do nothing), or how long to put the
   * delivery back in the queue for. `returning`: the delivery comes back from such a deferral.
   */
  async acquire(id: string, returning = false): Promise<{ release: () => void } | { deferMs: number }> {
    const lane = this.lane(id);
    if (returning) lane.deferred = Math.max(0, lane.deferred - 1);
    if (lane.active < this.cap) {
      lane.active++;
      return { release: this.releaser(lane) };
    }
    const expectedMs = Math.max(lane.averageMs, lane.starts.length > 0 ? Date.now() - Math.min(...lane.starts) : 0);
    if (expectedMs < SLOW_MS && lane.waiting.length < this.maxWaiting) {
      await new Promise<void>((resolve) => lane.waiting.push(resolve));
      // The releasing attempt handed its slot over (active unchanged).
      return { release: this.releaser(lane) };
    }
    lane.deferred++;
    const ahead = lane.active + lane.waiting.length + lane.deferred;
    return { deferMs: Math.round(Math.min(MAX_DEFER_MS, Math.max(MIN_DEFER_MS, (expectedMs * ahead) / this.cap))) };
  }

  /** An attempt's duration feeds its lane's estimate. */
  observe(id: string, durationMs: number) {
    const lane = this.lanes.get(id);
    if (lane) lane.averageMs = lane.averageMs * 0.8 + durationMs * 0.2;
  }

  /** For tests and metrics. */
  lane(id: string): Lane {
    let lane = this.lanes.get(id);
    if (!lane) {
      lane = { active: 0, waiting: [], deferred: 0, averageMs: 0, starts: [] };
      this.lanes.set(id, lane);
    }
    return lane;
  }

  private releaser(lane: Lane) {
    let done = false;
    const started = Date.now();
    lane.starts.push(started);
    return () => {
      if (done) return;
      done = true;
      lane.starts.splice(lane.starts.indexOf(started), 1);
      const next = lane.waiting.shift();
      if (next) return next();
      // The lane stays (one per subscription): its duration estimate is what keeps a dead receiver out.
      lane.active--;
    };
  }
}
