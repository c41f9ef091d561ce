import { AUTH_TEXTS } from '@blog/shared/messages';
import { ApiError, errorMessage } from '../../api/api-error.ts';

export const WRONG_CREDENTIALS = AUTH_TEXTS.wrongCredentials;

/**
 * The description of the „Logowanie nieudane” toast. A refused sign-in gets one text, whatever was wrong; a
 * block after too many attempts (429), an unreachable or failing server say what really happened instead,
 * since „wrong password” would send the person hunting for a typo that is not there.
 */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return WRONG_CREDENTIALS;
  if (error.status === 429 || error.status === 0 || error.status >= 500) return errorMessage(error);
  return WRONG_CREDENTIALS;
}
