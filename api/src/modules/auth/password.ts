import { randomInt } from 'node:crypto';
import { checkField, registerForm } from '@blog/shared/rules';

// The native argon2 binding is loaded by the first sign-in or password change, not at start.
const argon2 = () => import('@node-rs/argon2');

/**
 * Argon2id with the library defaults (m=19456 KiB, t=2, p=1: the OWASP baseline), of the password's
 * NFC form: 'ż' typed on a Mac (NFD, 'z' + a combining dot) is the same password as on Windows. The
 * forms normalize passwords already; this holds for every other caller too (the first admin's).
 */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password.normalize('NFC'));
}

async function argonVerify(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Whether `password` opens `passwordHash`: 'current' for a hash of its NFC form, 'legacy' for a hash
 * made before passwords were normalized from its NFD form (what macOS and iOS keyboards send), which
 * the caller should replace with hashPassword's; false for a wrong password and for a stored value
 * that is not an argon2 hash. The NFD form is tried only when it differs (accented letters), for an
 * unknown account's stand-in hash as for a real one, so the time taken tells nothing more.
 */
export async function checkPassword(
  passwordHash: string,
  password: string,
): Promise<'current' | 'legacy' | false> {
  const nfc = password.normalize('NFC');
  if (await argonVerify(passwordHash, nfc)) return 'current';
  const nfd = password.normalize('NFD');
  return nfd !== nfc && (await argonVerify(passwordHash, nfd)) ? 'legacy' : false;
}

/** True when `password` opens `passwordHash` in either form (see checkPassword). */
export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> =>
  (await checkPassword(passwordHash, password)) !== false;

export const PASSWORD_MIN_LENGTH = 8;

/**
 * Stored instead of a hash while a password is being issued by e-mail: it is not a PHC string,
 * so verifyPassword refuses every password against it.
 */
export const UNUSABLE_PASSWORD_HASH = '!unusable';

/** The Polish message of the first password rule (shared with the web) broken, or null. */
export function passwordRuleViolation(password: string): string | null {
  const check = checkField(registerForm, 'password', { password });
  return check.ok ? null : check.message;
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
