import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { workDir } from './helpers.js';

export let t: TestApp;
export let admin: string;
export let user: { id: string; token: string };

export const url = '/api/v1/pipelines';

/** The setup shared by the files split from pipelines.test.ts (decision 1126): call at the top of each. */
export function usePipelinesApp(): void {
  beforeAll(async () => {
    t = await buildTestApp({ PIPELINE_WORK_DIR: workDir() });
    admin = await t.adminToken();
    user = await t.newUser('pl');
  });
  afterAll(async () => t?.close());
}
