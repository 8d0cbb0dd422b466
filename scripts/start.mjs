#!/usr/bin/env node
// `npm start`: builds dist/ only when a source changed (scripts/build.mjs), then runs the server in
// this same process, so a start on a built tree costs one Node process, not two.
import { buildServer } from './build.mjs';

await buildServer();
await import('../dist/src/server.js');
