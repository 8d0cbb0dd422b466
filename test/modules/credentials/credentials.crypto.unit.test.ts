import { describe, expect, it } from 'vitest';
import {
  CredentialKeyring,
  CredentialUnreadable,
  credentialAad,
} from '../../../src/modules/credentials/credentials.crypto.js';

const value = { url: 'https://argocd.test', token: 'tok-123' };

describe('credential sealing (AES-256-GCM under an HKDF-SHA256 key from JWT_SECRET)', () => {
  it('seals with a fresh IV each time, and opens only for the same record', () => {
    const ring = new CredentialKeyring(['secret-one']);
    const a = ring.seal(value, credentialAad('id-1', 'gitopscd'));
    const b = ring.seal(value, credentialAad('id-1', 'gitopscd'));
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(a.authTag, 'base64')).toHaveLength(16);
    expect(a.ciphertext).not.toContain('tok-123');
    expect(ring.open(a, credentialAad('id-1', 'gitopscd'))).toEqual(value);
    expect(() => ring.open(a, credentialAad('id-2', 'gitopscd'))).toThrow(CredentialUnreadable);
  });

  it('detects tampering', () => {
    const ring = new CredentialKeyring(['secret-one']);
    const sealed = ring.seal(value, 'aad');
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(() => ring.open({ ...sealed, ciphertext: bytes.toString('base64') }, 'aad')).toThrow(CredentialUnreadable);
  });

  it('the key id names the key without revealing it; earlier secrets still open old records', () => {
    const old = new CredentialKeyring(['secret-one']);
    const sealed = old.seal(value, 'aad');
    expect(sealed.keyId).toMatch(/^v1:[0-9a-f]{16}$/);
    const other = new CredentialKeyring(['secret-two']);
    expect(other.currentKeyId).not.toBe(old.currentKeyId);
    expect(() => other.open(sealed, 'aad')).toThrow(CredentialUnreadable);
    const rotated = new CredentialKeyring(['secret-two', 'secret-one']);
    expect(rotated.open(sealed, 'aad')).toEqual(value);
    expect(rotated.seal(value, 'aad').keyId).toBe(other.currentKeyId);
  });
});
