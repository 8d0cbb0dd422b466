import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { bearer } from '../../helpers/app.js';

/** A private parent folder for this file's run working folders. */
export const workDir = () => mkdtempSync(join(tmpdir(), 'hangar-pipelines-test-'));

export async function createPipeline(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/pipelines',
    headers: { ...bearer(token), ...headers },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: string;
    name: string;
    organizationId: string | null;
    createdBy: string;
    stages: { id: string; type: string; config: Record<string, unknown> }[];
  };
}

export async function trigger(t: TestApp, token: string, pipelineId: string, body?: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/pipelines/${pipelineId}/trigger`,
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Run;
}

export interface Run {
  id: string;
  pipelineId: string;
  status: string;
  logs: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  stageResults: {
    stageId: string;
    status: string;
    output: string;
    startedAt: string | null;
    finishedAt: string | null;
    [k: string]: unknown;
  }[];
}

export async function getRun(t: TestApp, token: string, pipelineId: string, runId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/pipelines/${pipelineId}/runs/${runId}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Run;
}

/** Polls the run until `done(run)` (default: a status in `statuses`). */
export async function waitForRun(
  t: TestApp,
  token: string,
  pipelineId: string,
  runId: string,
  statuses: string[] | ((r: Run) => boolean),
  timeoutMs = 20_000,
) {
  const done = typeof statuses === 'function' ? statuses : (r: Run) => statuses.includes(r.status);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const run = await getRun(t, token, pipelineId, runId);
    if (done(run)) return run;
    if (Date.now() > end)
      throw new Error(
        `run ${runId} did not reach the expected state; last: ${run.status} ${JSON.stringify(run.stageResults)}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const script = (id: string, command: string, order?: number) => ({
  id,
  name: id,
  type: 'script',
  ...(order !== undefined ? { order } : {}),
  config: { command },
});
