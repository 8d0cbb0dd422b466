import { readFileSync } from 'node:fs';
import { diffSpecTexts } from '../modules/api-specs/api-specs.offline.js';
import type { SpecDiffResult } from '../modules/api-specs/diff/index.js';
import { connection } from './cli.config.js';
import { CliError, EXIT } from './cli.errors.js';
import { callApi } from './cli.http.js';
import { print } from './cli.output.js';

export type FailOn = 'breaking' | 'warning' | 'none';
export interface DiffOptions {
  failOn: FailOn;
  format: 'text' | 'json' | 'markdown';
}
type Entry = SpecDiffResult['entries'][number];

let stdinRead = false;
/** A file's text, or stdin for `-` (once). */
function readSource(path: string, label: string): string {
  if (path === '-') {
    if (stdinRead) throw new CliError('only one of OLD and NEW can be - (stdin)');
    stdinRead = true;
    try {
      return readFileSync(0, 'utf8');
    } catch {
      throw new CliError('could not read stdin');
    }
  }
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new CliError(
      `${label} ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : 'cannot be read'}`,
    );
  }
}

const failed = (r: SpecDiffResult, failOn: FailOn) =>
  failOn === 'none' ? false : failOn === 'breaking' ? r.summary.error > 0 : r.summary.error + r.summary.warning > 0;

/** Markdown table cell: no pipes or line breaks, bounded. */
const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 500);
const ROWS_PER_SECTION = 200;

function table(entries: Entry[]): string[] {
  const rows = entries
    .slice(0, ROWS_PER_SECTION)
    .map(
      (e) => `| \`${cell(e.path)}\` | ${cell(e.detail)}${e.location ? ` (${cell(e.location)})` : ''} | \`${e.rule}\` |`,
    );
  const more = entries.length > ROWS_PER_SECTION ? [``, `…and ${entries.length - ROWS_PER_SECTION} more.`] : [];
  return ['| Where | Change | Rule |', '|---|---|---|', ...rows, ...more];
}

/** A pull-request comment: breaking changes first, the rest folded. */
export function markdown(r: SpecDiffResult, names: { old: string; new: string }, isFailed: boolean): string {
  const { error, warning, info } = r.summary;
  const title =
    r.totalChanges === 0
      ? '### API diff: no changes'
      : `### API diff: ${error} breaking change${error === 1 ? '' : 's'}, ${warning} warning${warning === 1 ? '' : 's'}, ${info} other`;
  const lines = [
    title,
    '',
    `\`${cell(names.old)}\` → \`${cell(names.new)}\`${isFailed ? ' — **fails the check**' : ''}`,
  ];
  const by = (level: Entry['level']) => r.entries.filter((e) => e.level === level);
  if (error) lines.push('', '#### Breaking changes', '', ...table(by('error')));
  for (const [level, label] of [
    ['warning', 'Warnings'],
    ['info', 'Other changes'],
  ] as const) {
    const list = by(level);
    if (list.length)
      lines.push('', `<details><summary>${label} (${list.length})</summary>`, '', ...table(list), '', '</details>');
  }
  return lines.join('\n');
}

function text(r: SpecDiffResult, names: { old: string; new: string }): string[] {
  const { error, warning, info } = r.summary;
  const lines = r.entries.map(
    (e) => `${e.level.padEnd(7)} ${e.path}${e.location ? ` (${e.location})` : ''}: ${e.detail} [${e.rule}]`,
  );
  return [
    ...lines,
    `${names.old} → ${names.new}: ${r.totalChanges} change(s): ${error} breaking, ${warning} warning(s), ${info} other`,
  ];
}

/** Prints the diff in the asked format; the exit code says whether it fails `--fail-on`. */
function report(oldText: string, newText: string, names: { old: string; new: string }, opts: DiffOptions): number {
  const d = diffSpecTexts(oldText, newText);
  if (!d.ok)
    throw new CliError(
      d.side === 'both' ? d.message : `${d.side} spec ${d.side === 'old' ? names.old : names.new}: ${d.message}`,
    );
  const isFailed = failed(d.result, opts.failOn);
  if (opts.format === 'json') {
    print(
      JSON.stringify(
        { old: names.old, new: names.new, format: d.format, failOn: opts.failOn, failed: isFailed, ...d.result },
        null,
        2,
      ),
    );
  } else if (opts.format === 'markdown') print(markdown(d.result, names, isFailed));
  else for (const line of text(d.result, names)) print(line);
  return isFailed ? EXIT.finding : EXIT.ok;
}

/** `hangar api diff OLD NEW`: offline, the server's breaking-change diff (decision 866). */
export function diffCommand(oldPath: string, newPath: string, opts: DiffOptions): number {
  const oldText = readSource(oldPath, 'OLD');
  const newText = readSource(newPath, 'NEW');
  return report(
    oldText,
    newText,
    { old: oldPath === '-' ? 'stdin' : oldPath, new: newPath === '-' ? 'stdin' : newPath },
    opts,
  );
}

interface SpecRow {
  id: string;
  name: string;
  version: string;
  format: string;
  createdAt: string;
}

/** `kind:namespace/name`, `namespace/name` or `name`, as the catalog's entity route takes it. */
function entityPath(ref: string): string {
  const m = /^(?:([A-Za-z][A-Za-z0-9-]*):)?(?:([^:/\s]+)\/)?([^:/\s]+)$/.exec(ref.trim());
  if (!m) throw new CliError(`--component ${ref}: not an entity reference (kind:namespace/name)`);
  return [m[1] ?? 'component', m[2] ?? 'default', m[3]!].map(encodeURIComponent).join('/');
}

/** `hangar api check --component REF NEW`: the same diff against the newest spec registered for the entity. */
export async function checkCommand(
  newPath: string,
  opts: DiffOptions & { component: string; name?: string; organization?: string },
): Promise<number> {
  const newText = readSource(newPath, 'NEW');
  const conn = connection(process.env, opts.organization);
  const entity = await callApi<{ id?: string }>(conn, 'GET', `/api/v1/catalog/entities/${entityPath(opts.component)}`);
  if (!entity.body?.id) throw new CliError(`${opts.component} is not a component or API of the catalog`);
  const specs = await callApi<SpecRow[]>(conn, 'GET', `/api/v1/catalog/components/${entity.body.id}/api-specs`);
  const candidates = (Array.isArray(specs.body) ? specs.body : [])
    .filter((s) => (s.format === 'openapi' || s.format === 'asyncapi') && (!opts.name || s.name === opts.name))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const latest = candidates[0];
  if (!latest)
    throw new CliError(
      `${opts.component} has no registered OpenAPI or AsyncAPI spec${opts.name ? ` named ${opts.name}` : ''}`,
    );
  const stored = await callApi<{ spec?: string }>(conn, 'GET', `/api/v1/api-specs/${latest.id}`);
  if (typeof stored.body?.spec !== 'string') throw new CliError(`spec ${latest.id} came back without its content`);
  return report(
    stored.body.spec,
    newText,
    { old: `${latest.name}@${latest.version}`, new: newPath === '-' ? 'stdin' : newPath },
    opts,
  );
}
