#!/usr/bin/env node
// Rewrites test/durations.json (the suite's file order, decision 910) from the report of the last
// `npm test` (test-results.json): each file's duration in seconds, the longer one when a file ran in
// two projects (PGlite and PostgreSQL). The `last` list is kept as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const reportPath = resolve(root, process.argv[2] ?? 'test-results.json');
const target = join(root, 'test', 'durations.json');
if (!existsSync(reportPath)) {
  console.error(`${reportPath} is missing: run npm test first`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const previous = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : {};
const files = { ...(previous.files ?? {}) };
const seen = new Set();
for (const result of report.testResults) {
  const file = relative(root, result.name).split('\\').join('/');
  const seconds = Math.round((result.endTime - result.startTime) / 100) / 10;
  files[file] = seen.has(file) ? Math.max(files[file], seconds) : seconds;
  seen.add(file);
}
const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(target, `${JSON.stringify({ last: previous.last ?? [], files: sorted }, null, 1)}\n`);
console.log(`${target}: ${seen.size} files from ${relative(root, reportPath)}`);
