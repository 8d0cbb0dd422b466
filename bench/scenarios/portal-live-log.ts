import { BENCH_ADMIN, buildPortalQuietly, closure, gzipped, launchChromium, readManifest } from '../browser.js';
import type { Scenario } from '../lib.js';

/**
 * The run page's live log in Chromium: a script stage prints 100,000 lines (`BENCH_LOG_LINES` for a
 * quick check) while the page is open; Chromium's performance timeline (`longtask` entries, buffered
 * from navigation) must show no task over 200 ms until the last line is on screen (decision 723).
 * Also the pipelines area's own JavaScript: each route chunk and the run page with what it imports
 * beyond the shell, gzipped as served (limit 150 kB). Needs /usr/bin/chromium and a current web/dist:
 * build it before (`npm run build`), since the bench server, already listening, does not serve asset
 * names a rebuild creates. Run once (the browser side does not depend on the database).
 */
const LINES = Number(process.env.BENCH_LOG_LINES ?? 100_000);
const LONG_TASK_LIMIT_MS = 200;
const CHUNK_LIMIT_KB = 150;

/** The pipelines pages' JavaScript beyond the shell: the largest route with its own imports, in kB gzipped. */
function routeChunks() {
  const manifest = readManifest();
  const shell = closure(manifest, 'index.html');
  const pages = ['pipelines-page', 'pipeline-page', 'pipeline-editor', 'run-page'].map(
    (p) => `src/routes/pipelines/${p}.tsx`,
  );
  return pages.map((key) => {
    const own = [...closure(manifest, key, new Set(shell))].filter((k) => !shell.has(k));
    return {
      page: key.split('/').pop()!.replace('.tsx', ''),
      kb: own.reduce((sum, k) => sum + gzipped(manifest[k]!.file), 0) / 1024,
    };
  });
}

const portalLiveLog: Scenario = async (ctx) => {
  if (ctx.kind !== 'pglite') return [];
  await buildPortalQuietly();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${ctx.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const pipeline = await call('POST', '/api/v1/pipelines', {
    name: `bench-live-log-${Date.now()}`,
    // The approval holds the run until the page is open and measuring; then the flood.
    stages: [
      { id: 'gate', type: 'approval', config: {} },
      { id: 'flood', type: 'script', config: { command: `seq 1 ${LINES} | sed 's/^/line /'` } },
    ],
  });

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: ctx.baseUrl, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('response', (res) => res.status() >= 400 && errors.push(`${res.status()} ${res.url()}`));
    const login = await page.request.post('/api/v1/auth/login', { data: { ...BENCH_ADMIN, session: 'cookie' } });
    if (!login.ok()) throw new Error(`bench sign-in failed: ${login.status()}`);
    const run = await call('POST', `/api/v1/pipelines/${pipeline.id}/trigger`);
    for (
      let i = 0;
      (await call('GET', `/api/v1/pipelines/${pipeline.id}/runs/${run.id}`)).status !== 'waiting_approval';
      i++
    ) {
      if (i > 600) throw new Error('the run never reached its approval');
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.goto(`/pipelines/${pipeline.id}/runs/${run.id}`);
    const region = page.getByRole('region', { name: 'Run log' });
    await region.waitFor({ timeout: 120_000 }).catch(async (err) => {
      const text = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      ).slice(0, 500);
      throw new Error(
        `the run page did not show its log: ${(err as Error).message}; at ${page.url()}: ${text}; page errors: ${errors.join('; ') || 'none'}`,
      );
    });
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    // From the approval (the page open, before the first line) to the last line on screen.
    await page.evaluate(() => ((window as unknown as { __longTasks: unknown[] }).__longTasks.length = 0));
    const started = Date.now();
    await call('POST', `/api/v1/pipelines/${pipeline.id}/runs/${run.id}/approve`);
    await region.getByText(`line ${LINES}`, { exact: true }).waitFor({ timeout: 300_000 });
    // Tasks after this belong to the scroll and the search, not to the arrival.
    const arrivedAt = await page.evaluate(() => performance.now());
    const arrivedMs = Date.now() - started;
    // A scroll through the whole log and a search over it, as a reader would.
    await region.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await page.getByRole('searchbox', { name: 'Search the log' }).fill(`line ${Math.floor(LINES * 0.54321)}`);
    await page.getByText('1 of 1 lines').waitFor({ timeout: 30_000 });
    const entries = await page.evaluate(
      () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
    );
    const tasks = entries.map((e) => e.duration);
    const longest = Math.round(Math.max(0, ...tasks));
    const over = tasks.filter((d) => d > LONG_TASK_LIMIT_MS).length;
    const arrivalTasks = entries.filter((e) => e.start < arrivedAt).map((e) => e.duration);
    const afterTasks = entries.filter((e) => e.start >= arrivedAt).map((e) => e.duration);
    const loadAvg = (await import('node:os')).loadavg()[0]!.toFixed(1);
    const chunks = routeChunks();
    const biggest = chunks.reduce((a, b) => (b.kb > a.kb ? b : a));
    const lines = LINES.toLocaleString('en-US');
    return [
      {
        scenario: `portal: live log, ${lines} lines arriving (Chromium)`,
        database: ctx.kind,
        seconds: arrivedMs / 1000,
        p99Ms: longest,
        note:
          `longest task ${longest} ms, ${over} over ${LONG_TASK_LIMIT_MS} ms (goal 0), ${tasks.length} over 50 ms ` +
          `(arrival: longest ${Math.round(Math.max(0, ...arrivalTasks))} ms of ${arrivalTasks.length}; scroll and search: longest ${Math.round(Math.max(0, ...afterTasks))} ms of ${afterTasks.length}); ` +
          `machine load average ${loadAvg} on ${(await import('node:os')).cpus().length} cores; ` +
          `page open before the first line to line ${lines} on screen in follow mode, then a scroll and a search; ` +
          `pipelines route JS beyond the shell (gzip): ${chunks.map((c) => `${c.page} ${c.kb.toFixed(1)} kB`).join(', ')} ` +
          `(limit ${CHUNK_LIMIT_KB} kB${biggest.kb > CHUNK_LIMIT_KB ? ', OVER' : ''})`,
      },
    ];
  } finally {
    await browser.close();
  }
};
export default portalLiveLog;
