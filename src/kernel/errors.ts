/**
 * Typed domain errors. Services throw these; the error handler (kernel/error-handler.ts) is the one
 * place that turns them into HTTP answers.
 */
export interface ErrorDetail {
  field: string;
  problem: string;
}

export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  constructor(
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the input breaks a rule (validation beyond the schema, a forbidden state move). */
export class Invalid extends DomainError {
  readonly statusCode = 400;
}
/** 401: no identity, or a bad one. */
export class Unauthorized extends DomainError {
  readonly statusCode = 401;
}
/** 403: known caller, not allowed. */
export class Forbidden extends DomainError {
  readonly statusCode = 403;
}
export class NotFound extends DomainError {
  readonly statusCode = 404;
}
export class Conflict extends DomainError {
  readonly statusCode = 409;
}
/** 502: an upstream system answered, but refused or misbehaved. */
export class BadGateway extends DomainError {
  readonly statusCode = 502;
}
/** 503: a dependency (database, Redis, an external system) cannot be reached. */
export class Unavailable extends DomainError {
  readonly statusCode = 503;
}
