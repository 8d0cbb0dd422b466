import { BENCH_ADMIN, buildPortalQuietly, gzipped, launchChromium, readManifest } from '../browser.js';
import { percentile, type BenchContext, type BenchRow, type Scenario } from '../lib.js';

/**
 * The IaC topology of a 20,000-resource stack in Chromium (`BENCH_TOPOLOGY_NODES` for a quick check):
 * from navigation start to the canvas drawn and answering input (the page's `topology-interactive`
 * performance mark, set on Cytoscape's first render), then the frame after a zoom. Long tasks are
 * observed from the start. Also the gzipped size of the IaC and integration route chunks (each ≤ 150 kB)
 * and of the lazy Cytoscape and ECharts chunks. Measured once, on the first database only.
 */
const NODES = Number(process.env.BENCH_TOPOLOGY_NODES ?? 20_000);
const TYPES = [
  'cloud_a_instance',
  'cloud_a_subnet',
  'cloud_a_security_group',
  'cloud_a_volume',
  'cloud_a_dns_record',
  'cloud_a_iam_role',
];

async function ingestTopology(ctx: BenchContext): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(ctx.baseUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.env.IAC_INGEST_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  };
  await post('/api/v1/iac/stacks/import', {
    stacks: [{ name: 'bench-portal-topology', environment: 'bench-portal', provider: 'engine_a' }],
  });
  const stacks = (await (
    await fetch(`${ctx.baseUrl}/api/v1/iac/stacks?environment=bench-portal`, {
      headers: { authorization: `Bearer ${ctx.adminToken}` },
    })
  ).json()) as { id: string }[];
  const id = stacks[0]!.id;
  const address = (i: number) => `module.m${i % 40}.${TYPES[i % TYPES.length]}.r[${i}]`;
  const resources = Array.from({ length: NODES }, (_, i) => ({ address: address(i) }));
  // A forest (each resource depends on one with half its number) plus a cross edge for every fourth.
  const dependencies: { sourceAddress: string; targetAddress: string }[] = [];
  for (let i = 1; i < NODES; i++) {
    dependencies.push({ sourceAddress: address(i), targetAddress: address(i >> 1) });
    if (i % 4 === 0) dependencies.push({ sourceAddress: address(i), targetAddress: address((i * 7919) % i) });
  }
  await post(`/api/v1/iac/stacks/${id}/resources/ingest`, { resources, dependencies });
  return id;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function chunkSizes(): BenchRow {
  const manifest = readManifest();
  const routes = Object.entries(manifest).filter(([key]) =>
    /^src\/routes\/(iac|integrations)\/.*-page\.tsx$/.test(key),
  );
  const sizes = routes
    .map(([key, chunk]) => [key.replace(/^src\/routes\//, ''), gzipped(chunk.file)] as const)
    .sort((a, b) => b[1] - a[1]);
  // A lazy chunk with what it imports statically beyond the shell's chunks (ECharts may sit in a chunk shared with other pages).
  const entries = manifest as Record<string, { file: string; imports?: string[] }>;
  const shell = new Set<string>();
  const walk = (k: string) => {
    if (shell.has(k) || !entries[k]) return;
    shell.add(k);
    for (const i of entries[k].imports ?? []) walk(i);
  };
  walk('index.html');
  const lazy = (key: string) => {
    const chunk = entries[key];
    if (!chunk) return undefined;
    return (
      gzipped(chunk.file) +
      (chunk.imports ?? [])
        .filter((k) => !shell.has(k) && entries[k])
        .reduce((sum, k) => sum + gzipped(entries[k]!.file), 0)
    );
  };
  const cytoscape = lazy('src/routes/iac/topology/topology-canvas.tsx');
  const echarts = lazy('src/components/charts/echart.tsx');
  const largest = sizes[0]!;
  return {
    scenario: 'portal: IaC and integration route chunks (largest, gzipped)',
    database: 'pglite',
    note:
      `${sizes.length} route chunks, largest ${largest[0]} ${kb(largest[1])}; goal ≤ 150 kB each; ` +
      `lazy: Cytoscape renderer ${cytoscape ? kb(cytoscape) : '?'}, ECharts ${echarts ? kb(echarts) : '?'} (with their static imports beyond the shell)`,
  };
}

const portalTopology: Scenario = async (ctx) => {
  if (ctx.kind !== 'pglite') return [];
  await buildPortalQuietly();
  const stackId = await ingestTopology(ctx);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: ctx.baseUrl, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({
        type: 'longtask',
        buffered: true,
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const login = await page.request.post('/api/v1/auth/login', { data: { ...BENCH_ADMIN, session: 'cookie' } });
    if (!login.ok()) throw new Error(`bench sign-in failed: ${login.status()}`);

    const ready: number[] = [];
    const zooms: number[] = [];
    const stages: string[] = [];
    let longest = 0;
    for (let run = 0; run < 5; run++) {
      await page.goto(`/iac/stacks/${stackId}?view=topology`);
      await page
        .waitForFunction(() => performance.getEntriesByName('topology-interactive').length > 0, undefined, {
          timeout: 60_000,
        })
        .catch(async (err: Error) => {
          throw new Error(
            `${err.message}\npage errors: ${errors.join('\n')}\npage text: ${(await page.locator('main').innerText()).slice(0, 500)}`,
          );
        });
      ready.push(await page.evaluate(() => performance.getEntriesByName('topology-interactive')[0]!.startTime));
      stages.push(
        await page.evaluate(() =>
          ['topology-data', 'topology-layout', 'topology-renderer', 'topology-interactive']
            .map((m) => `${m.slice(9)} ${Math.round(performance.getEntriesByName(m)[0]?.startTime ?? NaN)}`)
            .join(', '),
        ),
      );
      // Input after the mark: a wheel zoom over the canvas, to the next painted frame.
      const box = (await page.locator('[data-testid=topology-canvas]').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const before = await page.evaluate(() => performance.now());
      await page.mouse.wheel(0, -400);
      const after = await page.evaluate(
        () =>
          new Promise<number>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))),
      );
      zooms.push(after - before);
      longest = Math.max(
        longest,
        await page.evaluate(() => Math.max(0, ...(window as unknown as { __longTasks: number[] }).__longTasks)),
      );
    }
    const nodes = NODES.toLocaleString('en-US');
    return [
      {
        scenario: `portal: IaC topology of ${nodes} resources interactive (Chromium)`,
        database: ctx.kind,
        p50Ms: Math.round(percentile(ready, 50)),
        p99Ms: Math.round(Math.max(...ready)),
        note: `navigation start to the canvas drawn (session, data, worker layout, canvas); goal ≤ 2000 ms; zoom to next frame p50 ${Math.round(percentile(zooms, 50))} ms; longest task ${Math.round(longest)} ms; stages of the median run (ms): ${stages[ready.indexOf(percentile(ready, 50))]}`,
      },
      chunkSizes(),
    ];
  } finally {
    await browser.close();
  }
};
export default portalTopology;
