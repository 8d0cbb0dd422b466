import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import type { EventPublisher } from '../../../src/infra/events.js';
import { FakeOrchestrator } from '../../fakes/ports/orchestrator.fake.js';
import type { Caller } from '../../../src/kernel/caller.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import {
  createOrchestratorService,
  ORCHESTRATOR_ANNOTATION,
  type WatchedRollout,
  type WorkloadStatus,
} from '../../../src/modules/orchestrator/index.js';
import { createTestDatabase } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/** The orchestrator service over the in-memory cluster (no Kubernetes), on a database of its own. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;

const caller = systemCaller();
const user = { ...caller, actor: { ...caller.actor, kind: 'user' as const, isAdmin: false, roles: ['user'] } };
const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {} } as unknown as FastifyBaseLogger;

const workload = (
  name: string,
  namespace: string,
  extra: { labels?: Record<string, string>; replicas?: number; readyReplicas?: number } = {},
) => ({
  name,
  namespace,
  replicas: extra.replicas ?? 2,
  readyReplicas: extra.readyReplicas ?? 2,
  image: `registry.example.com/${name}:1.0`,
  labels: extra.labels ?? {},
});

const rollout = (uid: string, phase: WatchedRollout['phase'], extra: Partial<WatchedRollout> = {}): WatchedRollout => ({
  uid,
  name: `ro-${uid}`,
  namespace: 'shop',
  phase,
  replicas: 3,
  readyReplicas: 3,
  currentStepIndex: 0,
  totalSteps: 4,
  ...extra,
});

/** The catalog verb the sync writes through: records the calls and stores the column, as the catalog does. */
function statusWriter() {
  const calls: { componentId: string; status: WorkloadStatus | null }[] = [];
  return {
    calls,
    async setWorkloadStatus(_caller: Caller, componentId: string, status: WorkloadStatus | null) {
      calls.push({ componentId, status });
      await db.handle.db
        .update(components)
        .set({ workloadStatus: status as Record<string, unknown> | null })
        .where(eq(components.id, componentId));
    },
  };
}

function setup(port = new FakeOrchestrator()) {
  const writer = statusWriter();
  const events: { name: string; payload: unknown }[] = [];
  const publisher: EventPublisher = { emit: (name, payload) => void events.push({ name, payload }) };
  const service = createOrchestratorService({ port, db: db.handle.db, events: publisher, log, catalog: writer });
  return { port, service, events, writer };
}

const component = (ref?: string) =>
  insertComponent(db.handle.db, { annotations: ref === undefined ? {} : { [ORCHESTRATOR_ANNOTATION]: ref } });
const statusOf = async (id: string) =>
  (await db.handle.db.select({ s: components.workloadStatus }).from(components).where(eq(components.id, id)))[0]!.s;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('orchestrator service over FakeOrchestrator', () => {
  it('workloads as the cluster reports them; match by name or any label value', async () => {
    const { port, service } = setup();
    port.workloads = [
      workload('checkout', 'shop', { labels: { app: 'checkout' } }),
      workload('checkout-worker', 'shop', { labels: { 'app.kubernetes.io/part-of': 'checkout' } }),
      workload('billing', 'finance', { labels: { tier: 'backend' } }),
    ];
    expect(await service.listWorkloads(user)).toEqual(port.workloads);
    expect((await service.matchWorkloads(user, 'checkout')).map((w) => w.name)).toEqual([
      'checkout',
      'checkout-worker',
    ]);
    expect((await service.matchWorkloads(user, 'backend')).map((w) => w.name)).toEqual(['billing']);
    expect(await service.matchWorkloads(user, 'nothing')).toEqual([]);
  });

  it('CRDs carry the operator name of their group; filtered by group, [] for an unknown one', async () => {
    const { port, service } = setup();
    port.crds = [
      {
        name: 'certificates.cert-manager.io',
        group: 'cert-manager.io',
        kind: 'Certificate',
        scope: 'Namespaced',
        versions: ['v1'],
      },
      {
        name: 'rollouts.argoproj.io',
        group: 'argoproj.io',
        kind: 'Rollout',
        scope: 'Namespaced',
        versions: ['v1alpha1'],
      },
      { name: 'widgets.example.com', group: 'example.com', kind: 'Widget', scope: 'Cluster', versions: ['v1', 'v2'] },
    ];
    expect(await service.listCrds(user)).toEqual([
      { ...port.crds[0], operatorName: 'cert-manager' },
      { ...port.crds[1], operatorName: 'Argo' },
      { ...port.crds[2], operatorName: 'example.com' },
    ]);
    expect(await service.listCrds(user, 'argoproj.io')).toEqual([{ ...port.crds[1], operatorName: 'Argo' }]);
    expect(await service.listCrds(user, 'nope.io')).toEqual([]);
  });

  it('rollouts without their uid, filtered by namespace; [] while the Rollout CRD is absent', async () => {
    const { port, service } = setup();
    expect(await service.listRollouts(user)).toEqual([]);
    port.rollouts = [rollout('1', 'Healthy'), rollout('2', 'Paused', { namespace: 'finance', currentStepIndex: 2 })];
    const { uid: _uid, ...first } = port.rollouts[0]!;
    expect((await service.listRollouts(user))[0]).toEqual(first);
    expect(await service.listRollouts(user, 'finance')).toEqual([
      {
        name: 'ro-2',
        namespace: 'finance',
        phase: 'Paused',
        replicas: 3,
        readyReplicas: 3,
        currentStepIndex: 2,
        totalSteps: 4,
      },
    ]);
    expect(await service.listRollouts(user, 'other')).toEqual([]);
  });

  it('no cluster configured: empty lists and a sync of {synced: 0} that writes nothing', async () => {
    // FakeOrchestrator's `configured` flag only reaches the sync: its lists are whatever the test
    // sets, so they are left empty here, as the real adapter answers without a cluster.
    const port = new FakeOrchestrator();
    port.configured = false;
    const { service, writer } = setup(port);
    await component('checkout');
    expect(await service.listWorkloads(user)).toEqual([]);
    expect(await service.listCrds(user)).toEqual([]);
    expect(await service.listRollouts(user)).toEqual([]);
    expect(await service.syncAnnotated(caller)).toEqual({ synced: 0 });
    expect(writer.calls).toEqual([]);
  });

  it('annotation sync: status of the named workload (first namespace alphabetically), cleared once when it goes', async () => {
    const { port, service, writer } = setup();
    port.workloads = [
      workload('web', 'prod', { replicas: 5, readyReplicas: 4 }),
      workload('web', 'dev', { replicas: 1, readyReplicas: 1 }),
      workload('api', 'prod'),
      workload('api', 'staging', { replicas: 3, readyReplicas: 0 }),
    ];
    const web = await component('web');
    const api = await component(' staging/api ');
    const ghost = await component('ghost');
    const plain = await component();

    expect(await service.syncAnnotated(caller)).toEqual({ synced: 2 });
    const syncedAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(await statusOf(web.id)).toEqual({
      name: 'web',
      namespace: 'dev',
      replicas: 1,
      readyReplicas: 1,
      image: 'registry.example.com/web:1.0',
      syncedAt,
    });
    expect(await statusOf(api.id)).toEqual({
      name: 'api',
      namespace: 'staging',
      replicas: 3,
      readyReplicas: 0,
      image: 'registry.example.com/api:1.0',
      syncedAt,
    });
    // No workload and nothing stored: left alone (no write, so no event every cycle).
    expect(writer.calls.map((c) => c.componentId).sort()).toEqual([web.id, api.id].sort());
    expect(await statusOf(ghost.id)).toBeNull();
    expect(await statusOf(plain.id)).toBeNull();

    // The workload goes away: its stored status is cleared once, not on every cycle.
    port.workloads = port.workloads.filter((w) => w.name !== 'api');
    writer.calls.length = 0;
    expect(await service.syncAnnotated(caller)).toEqual({ synced: 1 });
    expect(writer.calls).toHaveLength(2);
    expect(writer.calls).toEqual(
      expect.arrayContaining([
        { componentId: api.id, status: null },
        { componentId: web.id, status: expect.objectContaining({ namespace: 'dev' }) },
      ]),
    );
    expect(await statusOf(api.id)).toBeNull();
    writer.calls.length = 0;
    await service.syncAnnotated(caller);
    expect(writer.calls.map((c) => c.componentId)).toEqual([web.id]);
  });

  it('rollout watch: first sight is a baseline, a phase change emits rollout.updated once, deletion forgets', async () => {
    const { port, service, events } = setup();
    port.rollouts = [rollout('w1', 'Progressing')];
    const pending: Promise<void>[] = [];
    const watch = await port.watchRollouts({
      changed: (r) => void pending.push(service.rolloutSeen(r)),
      deleted: (r) => void pending.push(service.rolloutGone(r)),
      failed: () => {},
    });
    const settle = async () => {
      await Promise.all(pending);
      pending.length = 0;
    };
    await settle();
    expect(events).toEqual([]);

    port.setRollout(rollout('w1', 'Progressing')); // same phase: nothing
    await settle();
    expect(events).toEqual([]);
    port.setRollout(rollout('w1', 'Healthy'));
    await settle();
    port.setRollout(rollout('w1', 'Healthy', { readyReplicas: 2 })); // phase unchanged
    await settle();
    port.setRollout(rollout('w1', 'Degraded'));
    await settle();
    expect(events).toEqual([
      {
        name: 'rollout.updated',
        payload: { name: 'ro-w1', namespace: 'shop', phase: 'Healthy', previousPhase: 'Progressing' },
      },
      {
        name: 'rollout.updated',
        payload: { name: 'ro-w1', namespace: 'shop', phase: 'Degraded', previousPhase: 'Healthy' },
      },
    ]);

    // A second service on the same database (another process) sees the change already recorded.
    const other = setup();
    await other.service.rolloutSeen(rollout('w1', 'Degraded'));
    expect(other.events).toEqual([]);

    // Deleted (the fake has no delete: the service verb the watch calls), then seen again: a new baseline.
    await service.rolloutGone(rollout('w1', 'Degraded'));
    events.length = 0;
    port.setRollout(rollout('w1', 'Healthy'));
    await settle();
    expect(events).toEqual([]);

    watch.stop();
    port.setRollout(rollout('w1', 'Paused'));
    expect(pending).toEqual([]);
  });
});
