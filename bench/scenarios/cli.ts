import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/kernel/paths.js';
import { stripeResources, stripeShaped } from '../../test/modules/api-specs/stripe-shaped.js';
import type { BenchRow, Scenario } from '../lib.js';

/**
 * Issue 32's targets for the `hangar` command line, each a whole process as CI runs it (Node's start
 * included): `hangar api diff` of two ~4 MB Stripe-shaped documents (the shapes of api-diff.ts)
 * under 2 s, and `hangar catalog validate` of 10,000 catalog-info.yaml files under 10 s. Wall time
 * depends on the machine's load; the CPU time (user + system, from bash's `time`) does not, and
 * each row names the load average.
 *
 *   BENCH_DATABASES=pglite npm run bench -- cli
 */
const RUNS = 5;
const BIN = join(projectRoot, 'bin', 'hangar.mjs');

/** Runs `hangar args…` under bash's `time`; its exit code must be one of `codes`. */
function timed(args: string[], cwd: string, codes: number[]): { wall: number; cpu: number } {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `TIMEFORMAT='%R %U %S'; { time ${quoted} >/dev/null 2>/dev/null; echo "exit $?" >&2; } 2>&1`;
  const out = execFileSync('bash', ['-c', script], { cwd, encoding: 'utf8' });
  const exit = Number(/exit (\d+)/.exec(out)?.[1]);
  if (!codes.includes(exit)) throw new Error(`hangar ${args.join(' ')} exited ${exit}`);
  const times = /^([\d.]+) ([\d.]+) ([\d.]+)$/m.exec(out);
  if (!times) throw new Error(`no timing in: ${out.slice(0, 200)}`);
  const [wall, user, sys] = times.slice(1).map(Number) as [number, number, number];
  return { wall, cpu: user + sys };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

/** A realistic descriptor: a Component with owner, system, links, tags and the usual annotations. */
function descriptor(i: number): string {
  return `apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: service-${i}
  title: Service ${i}
  description: The service number ${i}, which answers requests of the platform and stores what they change.
  tags: [java, payments, tier-${i % 3}]
  annotations:
    github.com/project-slug: acme/service-${i}
    backstage.io/techdocs-ref: dir:.
    argocd/app-name: service-${i}
  links:
    - url: https://dashboards.example.com/service-${i}
      title: Dashboard
spec:
  type: service
  lifecycle: ${i % 5 === 0 ? 'experimental' : 'production'}
  owner: team-${i % 40}
  system: system-${i % 25}
  providesApis: [service-${i}-api]
  dependsOn: [resource:default/db-${i % 100}]
`;
}

const cliScenario: Scenario = async (ctx) => {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'hangar-bench-cli-'));
  try {
    execFileSync(process.execPath, [join(projectRoot, 'scripts', 'build-cli.mjs')], { stdio: 'ignore' });
    const n = stripeResources(4_000_000);
    writeFileSync(join(dir, 'old.json'), JSON.stringify(stripeShaped(n, 0)));
    writeFileSync(join(dir, 'new.json'), JSON.stringify(stripeShaped(n, 1)));
    const diffs = Array.from({ length: RUNS }, () =>
      timed(['api', 'diff', 'old.json', 'new.json', '--format', 'json'], dir, [1]),
    );
    rows.push({
      scenario: 'hangar api diff, two ~4 MB Stripe-shaped documents (whole process)',
      database: ctx.kind,
      seconds: median(diffs.map((d) => d.wall)),
      note: `median of ${RUNS}; CPU ${median(diffs.map((d) => d.cpu)).toFixed(2)} s; target < 2 s wall; ${load()}`,
    });

    const catalog = join(dir, 'catalog');
    for (let i = 0; i < 10_000; i++) {
      const folder = join(catalog, `team-${i % 40}`, `service-${i}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'catalog-info.yaml'), descriptor(i));
    }
    const validations = Array.from({ length: 3 }, () =>
      timed(['catalog', 'validate', 'catalog', '--format', 'json'], dir, [0]),
    );
    rows.push({
      scenario: 'hangar catalog validate, 10,000 catalog-info.yaml files (whole process)',
      database: ctx.kind,
      seconds: median(validations.map((d) => d.wall)),
      note: `median of 3; CPU ${median(validations.map((d) => d.cpu)).toFixed(2)} s; target < 10 s wall; ${load()}`,
    });
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default cliScenario;
