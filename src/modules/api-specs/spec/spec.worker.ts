import { parentPort } from 'node:worker_threads';
import { serialisedDiff } from '../diff/serialise.js';
import type { SerialisedDiff } from '../diff/serialise.js';
import { analyseSpec, unpackDocument } from './analyse.js';
import { warmUp } from './warm-up.js';
import type { WorkerRequest, WorkerResponse } from './worker-pool.js';

/**
 * Worker thread entry: registration analysis (parse, validate, normalise) and diffs of stored
 * documents (JSON.parse of megabytes plus the rule table) run here, never on the event loop that
 * answers requests.
 */
warmUp();

parentPort!.on('message', (msg: WorkerRequest) => {
  let answer: WorkerResponse;
  try {
    if (msg.kind === 'analyse') answer = { id: msg.id, ok: true, value: analyseSpec(msg.text, msg.declared) };
    else {
      // Computed and serialised here: the main thread only slices the text (decision 306).
      const value = serialisedDiff(msg.format, unpackDocument(msg.older), unpackDocument(msg.newer), msg.now, {
        maxBytes: msg.maxBytes,
      });
      answer = { id: msg.id, ok: true, value };
    }
  } catch (err) {
    // Only the message crosses the thread boundary: no stack, no document content.
    answer = {
      id: msg.id,
      ok: false,
      error: err instanceof Error ? `${err.name}: ${err.message.slice(0, 300)}` : 'worker failure',
    };
  }
  // Binary results (the diff's offsets, the gzip'd spec) move to the main thread instead of being copied.
  parentPort!.postMessage(answer, answer.ok ? transferables(answer.value) : []);
});

function transferables(v: unknown): ArrayBuffer[] {
  if (typeof v !== 'object' || v === null) return [];
  if ('diff' in v) {
    const { starts, reaches } = (v as { diff: SerialisedDiff }).diff;
    return [starts.buffer, reaches.lists.buffer, reaches.listStarts.buffer, reaches.entryList.buffer] as ArrayBuffer[];
  }
  if ('specGzip' in v) return [(v as { specGzip: Uint8Array }).specGzip.buffer as ArrayBuffer];
  return [];
}
