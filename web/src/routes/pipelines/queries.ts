// Pipelines: definitions, runs and their live logs. Keys start with `pipelines`, so the live events
// `pipeline.run.updated` (and `ci.build.*`) refresh every pipelines query on screen (keys.ts).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { onLiveEvent } from '../../live/live';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { OkBody } from '../../api/types';
import { LogBuffer } from './pipeline-log';
import { catalogKeys } from '../catalog/keys';
import { pipelineKeys } from './keys';

export type Pipeline = OkBody<'getPipeline'>;
export type PipelineRun = OkBody<'getPipelineRun'>;
export type StageResult = PipelineRun['stageResults'][number];
export const TERMINAL_STATUSES: readonly string[] = ['succeeded', 'failed', 'cancelled'];

// Keeps the 400's `details` so a form can show each problem on its field.
const unwrap = unwrapFields;

export const PIPELINES_PAGE_SIZE = 20;

export function usePipelines(query: { search?: string; page?: number }) {
  const params = { search: query.search, page: query.page ?? 1, limit: PIPELINES_PAGE_SIZE };
  return useQuery({
    queryKey: pipelineKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/pipelines', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export const pipelineQuery = (id: string) =>
  queryOptions({
    queryKey: pipelineKeys.pipeline(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/pipelines/{id}', { params: { path: { id } }, signal })),
  });

export function usePipeline(id: string) {
  return useQuery(pipelineQuery(id));
}

export function usePipelineRuns(id: string) {
  return useQuery({
    queryKey: pipelineKeys.runs(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/pipelines/{id}/runs', { params: { path: { id } }, signal })),
  });
}

export const pipelineRunQuery = (id: string, runId: string) =>
  queryOptions({
    queryKey: pipelineKeys.run(id, runId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/pipelines/{id}/runs/{runId}', { params: { path: { id, runId } }, signal })),
  });

export function usePipelineRun(id: string, runId: string) {
  return useQuery(pipelineRunQuery(id, runId));
}

export interface PipelineInput {
  name: string;
  description: string;
  stages: { id: string; name: string; type: string; order: number; config: Record<string, unknown> }[];
}

/** Create (no id) or update a definition; the server validates the stages (400 details name `stages[i].config.x`). */
export function useSavePipeline(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PipelineInput) =>
      id
        ? unwrap(await api.PATCH('/api/v1/pipelines/{id}', { params: { path: { id } }, body }))
        : unwrap(await api.POST('/api/v1/pipelines', { body })),
    onSuccess: () => void client.invalidateQueries({ queryKey: pipelineKeys.all() }),
  });
}

export function useDeletePipeline(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/pipelines/{id}', { params: { path: { id } } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: pipelineKeys.all() }),
  });
}

export function useTriggerPipeline(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { version?: string; commitSha?: string }) =>
      unwrap(await api.POST('/api/v1/pipelines/{id}/trigger', { params: { path: { id } }, body })),
    onSuccess: () => void client.invalidateQueries({ queryKey: pipelineKeys.runs(id) }),
  });
}

export type RunAction = 'approve' | 'reject' | 'cancel';

/** Admin verbs on a run; the answer is the run, written into the cache at once. */
export function useRunAction(id: string, runId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: RunAction) => {
      const params = { params: { path: { id, runId } } };
      if (action === 'approve') return unwrap(await api.POST('/api/v1/pipelines/{id}/runs/{runId}/approve', params));
      if (action === 'reject') return unwrap(await api.POST('/api/v1/pipelines/{id}/runs/{runId}/reject', params));
      return unwrap(await api.POST('/api/v1/pipelines/{id}/runs/{runId}/cancel', params));
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: pipelineKeys.all() }),
  });
}

/** Environments for a deploy stage's target (few: the first 100, by their order). */
export function useEnvironmentOptions() {
  return useQuery({
    queryKey: pipelineKeys.environmentOptions(),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/environments', { params: { query: { take: 100 } }, signal })).data,
    staleTime: 60_000,
  });
}

/** Components whose name matches `q`, for a deploy stage's component (20 at most). */
export function useComponentOptions(q: string) {
  const params = { q: q || undefined, take: 20 };
  return useQuery({
    queryKey: catalogKeys.list({ ...params, for: 'deploy-stage' }),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/catalog/components', { params: { query: params }, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Live lines are applied at most this often (decision 723). */
const FLUSH_EVERY_MS = 100;

/** Wait before reading the run again when live lines arrived ahead of missing ones (the server persists every 500 ms). */
const GAP_REFETCH_MS = 700;

/**
 * A run's log, live: subscribes to `pipeline.log` before the run is read, appends each line by its
 * index (decision 720), batched per animation frame, at most every 100 ms, so a flood of lines never
 * blocks the page.
 * Returns the buffer and a version that changes whenever its lines do.
 */
export function useRunLog(run: { logs: string } | undefined, runId: string, refetch: () => unknown) {
  // One buffer per run: a new run id gets a new buffer while rendering (React's "storing information
  // from previous renders"), not a ref read during render.
  const [log, setLog] = useState(() => ({ runId, buffer: new LogBuffer() }));
  if (log.runId !== runId) setLog({ runId, buffer: new LogBuffer() });
  const buffer = log.buffer;
  const [version, setVersion] = useState(0);
  const refetchRef = useRef(refetch);
  useEffect(() => {
    refetchRef.current = refetch;
  }, [refetch]);
  const gapTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Lines are missing: read the run again (once at a time) until they are there. */
  const fillGap = useRef(() => {
    if (gapTimer.current) return;
    gapTimer.current = setTimeout(() => {
      gapTimer.current = undefined;
      void refetchRef.current();
    }, GAP_REFETCH_MS);
  });

  useEffect(() => {
    const queue: { line: number; message: string }[] = [];
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastFlush = 0;
    const flush = () => {
      frame = 0;
      lastFlush = performance.now();
      let changed = false;
      for (const { line, message } of queue) if (buffer.addLive(line, message) !== 'duplicate') changed = true;
      queue.length = 0;
      if (changed) setVersion((v) => v + 1);
      if (buffer.hasGap) fillGap.current();
    };
    // One flush per animation frame, at most every FLUSH_EVERY_MS: each render costs the virtualizer a
    // pass over every line's offset, so a flood renders a few times a second, not sixty.
    const schedule = () => {
      if (frame || timer) return;
      const wait = FLUSH_EVERY_MS - (performance.now() - lastFlush);
      if (wait <= 0) frame = requestAnimationFrame(flush);
      else
        timer = setTimeout(() => {
          timer = undefined;
          frame = requestAnimationFrame(flush);
        }, wait);
    };
    const off = onLiveEvent((event, payload) => {
      if (event === 'live.reconnected') return void refetchRef.current();
      if (event !== 'pipeline.log') return;
      const p = payload as { runId?: unknown; line?: unknown; message?: unknown };
      if (p.runId !== runId || typeof p.line !== 'number' || typeof p.message !== 'string') return;
      queue.push({ line: p.line, message: p.message });
      schedule();
    });
    return () => {
      off();
      if (frame) cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(gapTimer.current);
      gapTimer.current = undefined;
    };
  }, [buffer, runId]);

  const logs = run?.logs;
  useEffect(() => {
    if (logs === undefined) return;
    // The buffer is a mutable store outside React; `version` is its change signal, bumped after the
    // stored lines are merged in (the same as the live lines' flush above).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (buffer.setSnapshot(logs)) setVersion((v) => v + 1);
    if (buffer.hasGap) fillGap.current();
  }, [buffer, logs]);

  return { buffer, version };
}
