import type { Role } from '@blog/shared/policy';
import type { Request } from 'express';
import { unauthorized } from '../errors.ts';

/** The signed-in account as the HTTP layer knows it, loaded fresh for every request that has a session. */
export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  displayName: string | null;
  email: string | null;
  /** Signed in with a temporary password an admin issued: the web asks for a new one. */
  passwordTemporary: boolean;
}

/** Exactly the AuthUser fields of `user` (a model row, or the session's account): nothing else goes along. */
export const authUserFields = (user: AuthUser): AuthUser => ({
  id: user.id,
  username: user.username,
  role: user.role,
  displayName: user.displayName,
  email: user.email,
  passwordTemporary: user.passwordTemporary,
});

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the app's authenticate middleware when the session belongs to an active account. */
    user?: AuthUser;
  }
}

/** The signed-in user; 401 when there is none (the route's x-auth has usually said so already). */
export function requireUser(req: Request): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
