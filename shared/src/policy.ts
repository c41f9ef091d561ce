/**
 * Who may do what: the one place the product's roles and access levels are written. The API's
 * access check, the worker, the web's guards and the database's role constraint all read it.
 * Browser-safe (no Node imports).
 */

/** The roles, from most to least privileged; a new account is a subscriber. */
export const ROLES = ['admin', 'publisher', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'subscriber';

/** The roles that work in the admin panel ("staff"). */
export const STAFF_ROLES = ['admin', 'publisher'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export const isStaff = (role: Role | undefined | null): role is StaffRole =>
  role === 'admin' || role === 'publisher';

/** Who may call an operation: the contract's `x-auth`. */
export type Access = 'public' | 'user' | 'staff' | 'admin';

/**
 * The contract's `x-owner`: a publisher may call the operation only on a post they wrote (`post`), or
 * only on a category that holds no other author's post and no subscription (`category`).
 */
export type Owner = 'post' | 'category';

/** Whether a caller with `role` (none when signed out) meets an access level, before any owner rule. */
export function meetsAccess(access: Access, role: Role | undefined): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'user':
      return role !== undefined;
    case 'staff':
      return isStaff(role);
    case 'admin':
      return role === 'admin';
  }
}
