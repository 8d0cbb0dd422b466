import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing of credential values: AES-256-GCM, a fresh 96-bit IV per record, under a key derived from
 * JWT_SECRET with HKDF-SHA256. The record's id and type are the GCM additional data, so a sealed
 * value copied onto another row does not open. Every sealed value carries the id of its key (a
 * fingerprint of the derived key, never the key), so a keyring holding the current and earlier keys
 * can open old records while new ones are sealed under the current key.
 */
export interface SealedValue {
  ciphertext: string;
  iv: string;
  authTag: string;
  keyId: string;
}

/** The stored value cannot be opened: it was sealed under a key this server no longer holds, or was altered. */
export class CredentialUnreadable extends Error {}

const SALT = 'hangar/integration-credentials';
const INFO = 'aes-256-gcm/v1';

export function deriveCredentialKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), SALT, INFO, 32));
}

const keyIdOf = (key: Buffer) => `v1:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;

export class CredentialKeyring {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string;

  /** `secrets[0]` seals; every secret opens what was sealed under it. */
  constructor(secrets: string[]) {
    if (secrets.length === 0) throw new Error('a credential keyring needs at least one secret');
    const ids = secrets.map((s) => {
      const key = deriveCredentialKey(s);
      const id = keyIdOf(key);
      this.keys.set(id, key);
      return id;
    });
    this.currentKeyId = ids[0]!;
  }

  seal(value: Record<string, string>, aad: string): SealedValue {
    const key = this.keys.get(this.currentKeyId)!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return {
      ciphertext: ciphertext.toString('base64'),
      iv: iv.toString('base64'),
      authTag: cipher.getAuthTag().toString('base64'),
      keyId: this.currentKeyId,
    };
  }

  open(sealed: SealedValue, aad: string): Record<string, string> {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new CredentialUnreadable('sealed under a key this server does not hold');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.authTag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as Record<string, string>;
    } catch {
      // Never the cause: it could carry fragments of the input.
      throw new CredentialUnreadable('the sealed value does not authenticate');
    }
  }
}

/** What binds a sealed value to its record. */
export const credentialAad = (id: string, type: string) => `integration-credential:${id}:${type}`;
