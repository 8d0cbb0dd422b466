import { createHash, randomBytes } from 'node:crypto';

/** `hgr_pat_` + 40 base62 characters (decision 835): ~238 bits, recognisable by secret scanners. */
export const PAT_PREFIX = 'hgr_pat_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 40;
const SHAPE = /^hgr_pat_[0-9A-Za-z]{40}$/;

/** A new token secret; bytes past 247 are skipped so every character is equally likely. */
export function newPersonalAccessToken(): string {
  let out = '';
  while (out.length < LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return PAT_PREFIX + out;
}

/** Whether a bearer value is meant as a personal access token (then never tried as a JWT). */
export const looksLikePersonalAccessToken = (token: string) => token.startsWith(PAT_PREFIX);
export const isWellFormedPersonalAccessToken = (token: string) => SHAPE.test(token);

/**
 * Stored and looked up by SHA-256: the secret has ~238 random bits, so a fast hash is as safe as a
 * slow one and keeps the per-request lookup cheap (GitHub's tokens are stored the same way).
 */
export const hashPersonalAccessToken = (token: string) => createHash('sha256').update(token).digest('hex');
