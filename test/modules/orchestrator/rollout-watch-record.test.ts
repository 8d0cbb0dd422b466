import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import type { EventPublisher } from '../../../src/infra/events.js';
import { createOrchestratorService, type WatchedRollout } from '../../../src/modules/orchestrator/index.js';
import { RolloutWatcher } from '../../../src/modules/orchestrator/orchestrator.watch.js';
import { FakeOrchestrator } from '../../fakes/ports/orchestrator.fake.js';
import { createTestDatabase } from '../../helpers/app.js';
import { waitUntil } from '../../helpers/free-port.js';

/**
 * Issue 30 item 6 (decision 1066): a phase change whose recording fails once (a pool or read timeout
 * of a busy machine) still reaches clients. The old watch logged the failure and dropped the change:
 * the informer had moved past it, and the next flip back compared "same", so nothing was ever sent.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const log = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => log,
} as unknown as FastifyBaseLogger;

const rollout = (uid: string, phase: WatchedRollout['phase']): WatchedRollout => ({
  uid,
  name: `ro-${uid}`,
  namespace: 'shop',
  phase,
  replicas: 3,
  readyReplicas: 3,
  currentStepIndex: 0,
  totalSteps: 4,
});

/**
 * The database with a fault armed for the next awaited query of a given statement (`insert` or
 * `update`): `before` fails without running it, `after` runs it (committed) and loses the answer, as a
 * client read timeout does.
 */
type AnyFn = (...args: unknown[]) => unknown;

function faulty(real: Database) {
  const armed: { verb?: string; when?: 'before' | 'after' } = {};
  const wrap = (target: object, verb: string | undefined): any =>
    new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop, t);
        if (prop === 'then' && typeof value === 'function' && verb && armed.verb === verb) {
          const when = armed.when;
          armed.verb = undefined;
          const lost = new Error('Query read timeout');
          if (when === 'before') return (_ok: unknown, fail: (e: unknown) => void) => fail(lost);
          return (ok: unknown, fail: (e: unknown) => void) => (value as AnyFn).call(t, () => fail(lost), fail);
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const out = (value as AnyFn).apply(t, args);
          const next = verb ?? (prop === 'insert' || prop === 'update' ? String(prop) : undefined);
          return out && typeof out === 'object' && next ? wrap(out, next) : out;
        };
      },
    });
  return {
    db: wrap(real, undefined) as Database,
    arm: (verb: 'insert' | 'update', when: 'before' | 'after') => Object.assign(armed, { verb, when }),
  };
}

function setup() {
  const port = new FakeOrchestrator();
  const fault = faulty(db.handle.db);
  const events: { name: string; payload: any }[] = [];
  const publisher: EventPublisher = { emit: (name, payload) => void events.push({ name, payload }) };
  const service = createOrchestratorService({
    port,
    db: fault.db,
    events: publisher,
    log,
    catalog: { setWorkloadStatus: async () => undefined },
  });
  const watcher = new RolloutWatcher({ port, service, redis: undefined, key: 'test', log });
  return { port, events, watcher, arm: fault.arm };
}

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('a phase change whose recording fails is not lost', () => {
  it('failing before the write: asked again, announced once', async () => {
    const { port, events, watcher, arm } = setup();
    port.rollouts = [rollout('a1', 'Healthy')];
    watcher.start();
    await waitUntil(async () => watcher.watching, 5_000, 'the watch');
    arm('insert', 'before');
    port.setRollout(rollout('a1', 'Progressing'));
    await waitUntil(async () => events.length > 0, 5_000, 'rollout.updated');
    port.setRollout(rollout('a1', 'Healthy'));
    await waitUntil(async () => events.length > 1, 5_000, 'the flip back');
    await watcher.close();
    expect(events.map((e) => e.payload)).toEqual([
      { name: 'ro-a1', namespace: 'shop', phase: 'Progressing', previousPhase: 'Healthy' },
      { name: 'ro-a1', namespace: 'shop', phase: 'Healthy', previousPhase: 'Progressing' },
    ]);
  });

  it('committed but the answer lost: announced by the retry, not twice', async () => {
    const { port, events, watcher, arm } = setup();
    port.rollouts = [rollout('b1', 'Healthy')];
    watcher.start();
    await waitUntil(async () => watcher.watching, 5_000, 'the watch');
    arm('update', 'after');
    port.setRollout(rollout('b1', 'Degraded'));
    await waitUntil(async () => events.length > 0, 5_000, 'rollout.updated');
    port.setRollout(rollout('b1', 'Degraded')); // the same phase again: nothing more
    await new Promise((r) => setTimeout(r, 600));
    await watcher.close();
    expect(events.map((e) => e.payload)).toEqual([
      { name: 'ro-b1', namespace: 'shop', phase: 'Degraded', previousPhase: 'Healthy' },
    ]);
  });

  it('an unchanged phase whose write failed is not announced by the retry', async () => {
    const { port, events, watcher, arm } = setup();
    port.rollouts = [rollout('c1', 'Healthy')];
    watcher.start();
    await waitUntil(async () => watcher.watching, 5_000, 'the watch');
    port.setRollout(rollout('c1', 'Paused'));
    await waitUntil(async () => events.length === 1, 5_000, 'rollout.updated');
    await new Promise((r) => setTimeout(r, 5)); // the stored change is older than the next attempt
    arm('insert', 'before');
    port.setRollout(rollout('c1', 'Paused')); // replicas or steps moved, the phase did not
    await new Promise((r) => setTimeout(r, 600));
    await watcher.close();
    expect(events).toHaveLength(1);
  });
});
