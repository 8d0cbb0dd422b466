import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification, type Vitest } from 'vitest/node';

/**
 * The suite's file order (decision 910): longest files first, from durations measured on a whole run
 * and committed in test/durations.json, so a fresh clone (no Vitest cache) balances its workers too.
 *
 * - Groups (`sequence.groupOrder`) run one after another, as Vitest runs them.
 * - Inside a group, a project's files stay together: Vitest hands a non-isolated worker the next file
 *   only when it belongs to the same project, so interleaving projects would restart workers and
 *   re-import the app for each file. The project with the most time goes first, so the group ends
 *   on the short files of the lightest project instead of one long file running alone.
 * - A file with no recorded duration (a new one) takes Vitest's own cached duration when there is
 *   one, else its project's median: it runs, somewhere in the middle. Equal estimates (no durations
 *   at all) fall back to Vitest's own guess for unknown files: the larger file first.
 * - `last` files run at the end of their group: they wait on work the global setup starts in the
 *   background (the container image build, decision 887), which then has the longest time to finish.
 *
 * `node scripts/test-durations.mjs` rewrites test/durations.json from the last `npm test` report.
 */
interface Durations {
  files: Record<string, number>;
  last: string[];
}

function readDurations(root: string): Durations {
  try {
    const parsed = JSON.parse(readFileSync(join(root, 'test', 'durations.json'), 'utf8')) as Partial<Durations>;
    return { files: parsed.files ?? {}, last: parsed.last ?? [] };
  } catch {
    return { files: {}, last: [] };
  }
}

const median = (values: number[]) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! : 0;

export default class DurationSequencer extends BaseSequencer {
  private readonly durations: Durations;

  constructor(ctx: Vitest) {
    super(ctx);
    this.durations = readDurations(ctx.config.root);
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const path = (spec: TestSpecification) => relative(root, spec.moduleId).split('\\').join('/');
    const recorded = (spec: TestSpecification) =>
      this.durations.files[path(spec)] ??
      (this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`)?.duration ?? NaN) / 1000;
    const byProject = new Map<string, number[]>();
    for (const spec of files) {
      const seconds = recorded(spec);
      if (Number.isFinite(seconds))
        byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), seconds]);
    }
    const estimate = new Map(
      files.map((spec) => [
        spec,
        Number.isFinite(recorded(spec)) ? recorded(spec) : median(byProject.get(spec.project.name) ?? []),
      ]),
    );
    const projectTotal = new Map<string, number>();
    for (const [spec, seconds] of estimate)
      projectTotal.set(spec.project.name, (projectTotal.get(spec.project.name) ?? 0) + seconds);
    const last = new Set(this.durations.last);
    const size = (spec: TestSpecification) => statSync(spec.moduleId, { throwIfNoEntry: false })?.size ?? 0;
    const groupOrder = (spec: TestSpecification) => spec.project.config.sequence.groupOrder ?? 0;
    return [...files].sort(
      (a, b) =>
        groupOrder(a) - groupOrder(b) ||
        Number(last.has(path(a))) - Number(last.has(path(b))) ||
        projectTotal.get(b.project.name)! - projectTotal.get(a.project.name)! ||
        a.project.name.localeCompare(b.project.name) ||
        estimate.get(b)! - estimate.get(a)! ||
        size(b) - size(a) ||
        path(a).localeCompare(path(b)),
    );
  }
}
