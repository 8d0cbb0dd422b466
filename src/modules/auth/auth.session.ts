import type { FastifyReply, FastifyRequest } from 'fastify';
import { Invalid } from '../../kernel/errors.js';

/**
 * The browser session (decision 102): the refresh token lives in an HttpOnly cookie the page's
 * scripts cannot read, sent only to the auth routes, only from this site.
 */
export const SESSION_COOKIE = 'hangar_refresh';
const COOKIE_PATH = '/api/v1/auth';

/** A refresh token is 43 base64url characters; anything else in the cookie is not one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,256}$/;

function cookieOptions(request: FastifyRequest) {
  // request.protocol honours TRUST_PROXY (X-Forwarded-Proto from a trusted proxy).
  return { httpOnly: true, sameSite: 'strict' as const, path: COOKIE_PATH, secure: request.protocol === 'https' };
}

/**
 * Cross-site request forgery: the cookie is SameSite=Strict, and every request that reads or sets
 * it must be JSON, which a cross-origin page can only send after a CORS preflight (decision 103).
 */
export function requireJsonRequest(request: FastifyRequest) {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new Invalid('Cookie sessions need Content-Type: application/json', [
      { field: 'content-type', problem: 'must be application/json' },
    ]);
  }
}

/** The session cookie's refresh token, when the request carries a well-formed one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, refreshToken: string, maxAgeS: number) {
  reply.setCookie(SESSION_COOKIE, refreshToken, { ...cookieOptions(request), maxAge: maxAgeS });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
