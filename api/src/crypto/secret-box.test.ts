import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretBoxError } from './secret-box.ts';

const key = () => randomBytes(32).toString('hex');

describe('secret box (AES-256-GCM at rest)', () => {
  it('round-trips a secret, Polish letters included, with a fresh iv every time', () => {
    const k = key();
    const secret = 'Hasło SMTP: zażółć gęślą jaźń 🔑';
    const first = encryptSecret(secret, k);
    const second = encryptSecret(secret, k);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Hasło');
    expect(decryptSecret(first, k)).toBe(secret);
    expect(decryptSecret(second, k)).toBe(secret);
    expect(decryptSecret(encryptSecret('', k), k)).toBe('');
  });

  it('refuses a wrong key with a clear error that holds no secret', () => {
    const sealed = encryptSecret('tajne-haslo', key());
    const attempt = () => decryptSecret(sealed, key());
    expect(attempt).toThrow(SecretBoxError);
    expect(attempt).toThrow('wrong ENCRYPTION_KEY, or the value was changed');
    expect(attempt).not.toThrow(/tajne/);
  });

  it.each([
    ['a ciphertext byte', (bytes: Buffer) => bytes.length - 1],
    ['a tag byte', () => 12],
    ['an iv byte', () => 0],
  ])('refuses a value with %s changed', (_case, position) => {
    const k = key();
    const bytes = Buffer.from(encryptSecret('tajne-haslo', k), 'base64');
    const at = position(bytes);
    bytes[at] = bytes[at]! ^ 0x01;
    expect(() => decryptSecret(bytes.toString('base64'), k)).toThrow(SecretBoxError);
  });

  it('refuses values that are not sealed boxes and keys that are not 64 hex characters', () => {
    const k = key();
    expect(() => decryptSecret('plain-password', k)).toThrow('malformed');
    expect(() => decryptSecret(Buffer.alloc(20).toString('base64'), k)).toThrow('malformed');
    expect(() => encryptSecret('x', 'abc')).toThrow('64 hex characters');
    expect(() => decryptSecret(encryptSecret('x', k), 'z'.repeat(64))).toThrow('64 hex characters');
  });
});
