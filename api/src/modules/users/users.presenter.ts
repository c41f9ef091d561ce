import type { User as UserView } from '@blog/shared';
import type { User } from './user.model.ts';

/** An account as admins see it: never the password hash or the reset token. */
export const presentUser = (user: User): UserView => ({
  id: user.id,
  username: user.username,
  email: user.email,
  displayName: user.displayName,
  role: user.role,
  isActive: user.isActive,
  createdAt: user.createdAt.toISOString(),
  version: user.version,
});
