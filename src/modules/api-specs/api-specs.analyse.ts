import { createHash } from 'node:crypto';
import { DomainError, Invalid } from '../../kernel/errors.js';
import type { SpecFormat } from './spec/parse.js';
import { WorkerFailure, type SpecWorkerPool } from './spec/worker-pool.js';

// A specification's checks before it is stored (decision 1170: cut out of createApiSpecsService).

/** 413: the specification is larger than API_SPEC_MAX_BYTES. */
export class SpecTooLarge extends DomainError {
  readonly statusCode = 413;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Far beyond any real specification (they nest a few dozen levels), far below a stack overflow. */
const MAX_OBJECT_DEPTH = 256;
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) return true;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return false;
}

/** 400 when an object spec nests deeper than a specification ever does. */
export function refuseDeepSpec(spec: unknown) {
  if (typeof spec !== 'string' && deeperThan(spec, MAX_OBJECT_DEPTH)) {
    throw new Invalid(`spec nests deeper than ${MAX_OBJECT_DEPTH} levels`, [
      { field: 'spec', problem: 'nests too deeply' },
    ]);
  }
}

export function specAnalyser(workers: SpecWorkerPool, maxBytes: number) {
  /** Validation and normalisation in a worker thread; 400 with the first problems and their JSON pointers. */
  return async function analyse(text: string, declared?: SpecFormat) {
    if (Buffer.byteLength(text) > maxBytes)
      throw new SpecTooLarge(`spec is larger than API_SPEC_MAX_BYTES (${maxBytes} bytes)`);
    let result;
    try {
      result = await workers.analyse(text, declared);
    } catch (err) {
      if (err instanceof WorkerFailure)
        throw new Invalid(`spec could not be processed: ${err.message}`, [{ field: 'spec', problem: err.message }]);
      throw err;
    }
    if (!result.ok)
      throw new Invalid(
        result.message,
        result.problems.map((p) => ({ field: result.field, problem: `${p.pointer} ${p.message}` })),
      );
    return result;
  };
}
