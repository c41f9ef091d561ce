import type { SessionUser } from '@blog/shared';
import { type AuthUser, authUserFields } from '../../http/auth.ts';

/** The signed-in account as the web sees it: never the hash, the reset token or the active flag. */
export const presentSessionUser = (user: AuthUser): SessionUser => authUserFields(user);
