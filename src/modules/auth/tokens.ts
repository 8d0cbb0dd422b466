import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Access tokens: HS256 JWTs. Only HS256 is accepted, so `alg: none` and key-confusion forgeries fail. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly lifetimeS: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get lifetime() {
    return this.lifetimeS;
  }

  sign(user: { id: string; username: string; roles: string[] }): Promise<string> {
    return new SignJWT({ username: user.username, roles: user.roles, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeS}s`)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(this.key);
  }

  /** The user id of a valid token, or null for anything else (bad signature, expired, malformed). */
  async verify(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload.typ === 'access' && typeof payload.sub === 'string' ? payload.sub : null;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}

/** Refresh tokens: 256 random bits for the client, only the SHA-256 hash for the database. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
