// The server's 400 `details: [{field, problem}]` kept for forms, so each problem shows on the field it
// names (decision 782). One error class for every form of the portal (admin, catalog, API specs,
// pipelines, scaffolding); the field names are the server's (`slug`, `value.token`, `variables.0.key`).
import { ApiError } from './client';

export interface FieldProblem {
  field: string;
  problem: string;
}

/** A failed answer with the server's per-field problems, when it gave any. */
export class FieldsError extends ApiError {
  /** The first problem of each field, by the field's name. */
  readonly fields: Record<string, string> = {};

  constructor(
    status: number,
    message: string,
    readonly details: FieldProblem[],
  ) {
    super(status, message);
    for (const d of details) this.fields[d.field] ??= d.problem;
  }
}

/** Like `unwrap` (api/client.ts), but keeps the 400 details by field name. */
export function unwrapFields<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = (result.error ?? {}) as { message?: unknown; details?: unknown };
  const message = typeof body.message === 'string' ? body.message : `The server answered ${result.response.status}`;
  const details = Array.isArray(body.details)
    ? body.details.filter((d): d is FieldProblem => typeof d?.field === 'string' && typeof d?.problem === 'string')
    : [];
  throw new FieldsError(result.response.status, message, details);
}

/** The problem the server named for `field`, for a form field's error. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof FieldsError ? error.fields[field] : undefined;
}

/** The form-level message: shown when no field carries the problem. */
export function formError(error: unknown): string | undefined {
  if (!error) return undefined;
  if (error instanceof FieldsError && error.details.length > 0) return 'Correct the fields marked below.';
  if (error instanceof ApiError) return error.message;
  // Not an answer from the server (fetch's TypeError "Failed to fetch"): say so in the reader's words.
  return 'Hangar could not be reached. Check your network connection, then try again.';
}
