import { createHash } from 'node:crypto';

/** A reset link works for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Only this hash is stored: a leaked database must not let anyone reset a password. */
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');
