import { Algorithm, hash } from '@node-rs/argon2';

/**
 * argon2id's cost for new hashes (decision 1130). `standard`: OWASP's 19 MiB, two passes (~25 ms of CPU
 * here). `test`: 1 MiB, one pass, for the suite's sign-ups only (PASSWORD_HASH_PROFILE, refused unless
 * NODE_ENV=test). Verifying reads the cost from the stored hash, so either profile checks either hash.
 */
export const ARGON2_PROFILES = {
  standard: { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { algorithm: Algorithm.Argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordHashProfile = keyof typeof ARGON2_PROFILES;

export const hashPassword = (password: string, profile: PasswordHashProfile = 'standard') =>
  hash(password, ARGON2_PROFILES[profile]);

export function passwordProblem(password: string): string | undefined {
  if (password.length < 8) return 'password must be at least 8 characters long';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    return 'password must contain at least one lowercase letter, one uppercase letter and one digit';
  }
  return undefined;
}
