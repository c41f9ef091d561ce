import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets stored at rest (the SMTP password) as AES-256-GCM: base64 of iv (12 bytes) + auth tag
 * (16 bytes) + ciphertext. GCM authenticates, so a wrong key or a changed byte fails loudly instead
 * of yielding garbage that would be sent to an SMTP server as a password.
 * Package export `@blog/api/crypto`: the settings API encrypts, the worker decrypts.
 */
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown for a malformed key or a value that does not decrypt; the message never holds the secret. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** The config's ENCRYPTION_KEY (64 hex characters) as the 32-byte AES key. */
function keyFrom(keyHex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(keyHex)) {
    throw new SecretBoxError('The encryption key must be 64 hex characters (32 bytes)');
  }
  return Buffer.from(keyHex, 'hex');
}

export function encryptSecret(plaintext: string, keyHex: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyFrom(keyHex), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

export function decryptSecret(sealed: string, keyHex: string): string {
  const key = keyFrom(keyHex);
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64') !== sealed) {
    throw new SecretBoxError('The encrypted value is malformed (expected base64 of iv + tag + ciphertext)');
  }
  const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError(
      'The encrypted value could not be decrypted: wrong ENCRYPTION_KEY, or the value was changed',
    );
  }
}
