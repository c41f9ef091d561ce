import type { SessionUser } from '@blog/shared';

/** The session user of a signed-in admin (the session read's answer in web tests). */
export const SIGNED_IN_ADMIN: SessionUser = {
  id: 1,
  username: 'admin',
  role: 'admin',
  displayName: null,
  email: null,
  passwordTemporary: false,
};
