import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library defaults (m=19456 KiB, t=2, p=1: the OWASP baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const PASSWORD_MIN_LENGTH = 8;

/**
 * The rules of spec §5, checked in this order; the first one failing gives the message.
 * Letters count in any alphabet ('Ł' is an uppercase letter, 'ż' a lowercase one), so only
 * characters that are neither letters nor digits count as special.
 */
const PASSWORD_RULES: readonly { test: (password: string) => boolean; message: string }[] = [
  {
    test: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
    message: 'Hasło musi mieć co najmniej 8 znaków',
  },
  { test: (password) => /\p{Lu}/u.test(password), message: 'Hasło musi zawierać wielką literę' },
  { test: (password) => /\p{Ll}/u.test(password), message: 'Hasło musi zawierać małą literę' },
  { test: (password) => /\p{Nd}/u.test(password), message: 'Hasło musi zawierać cyfrę' },
  { test: (password) => /[^\p{L}\p{N}]/u.test(password), message: 'Hasło musi zawierać znak specjalny' },
];

/** The Polish message of the first rule the password breaks, or null when it meets them all. */
export function passwordRuleViolation(password: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null;
}

// Look-alikes (O/0, l/1/I) are left out: people copy these passwords by hand from a dialog.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!@#$%&*-_+=?';
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/** A random 16-character password that meets every rule (one of each class, the rest from all). */
export function generateTemporaryPassword(length = 16): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < Math.max(length, PASSWORD_MIN_LENGTH)) chars.push(pick(ALL));
  // Fisher–Yates, so the guaranteed classes do not always sit at the start.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
