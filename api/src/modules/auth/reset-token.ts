import { createHash, randomBytes } from 'node:crypto';

/** A self-service reset link works for one hour (and once: the API clears the hash on use). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** 32 random bytes, base64url: safe in a link as it is. Only its hash is ever stored. */
export const generateResetToken = (): string => randomBytes(32).toString('base64url');

/**
 * SHA-256 hex of a reset token, as stored in users.reset_token_hash. A fast hash is enough: the
 * token carries 256 random bits, so there is nothing to brute-force, and the API can look it up.
 */
export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');
