/**
 * Who may do what: the one place the product's roles, access levels and per-resource rules are
 * written. The API's access check and services, the worker, the web's guards and the database's role
 * constraint all read it. Browser-safe (no Node imports).
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
  (STAFF_ROLES as readonly (Role | undefined | null)[]).includes(role);

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

/** The account asking: its role, and its id where the rule compares it with an author. */
export interface Actor {
  readonly role: Role;
  readonly id?: number;
}

/**
 * What each action is asked about (`null`: the action concerns no particular resource).
 *
 * - `enterPanel`: the admin panel and dashboard, and reading posts readers cannot see yet (previews).
 * - `createPost`, `editCategories` (add, rename), `moderateComments`: every staff member.
 * - `changePost`: edit, publish or hide, delete, read and restore revisions of a post. An admin may
 *   change any post; a publisher only one they wrote (not one whose author was removed).
 * - `changeCategory`: delete, hide or show a category. An admin may always; a publisher only when it
 *   holds none of others' work (another author's post, published or not, or any subscription): the
 *   change would take that work off the blog or publish it, and delete or mail its subscribers.
 * - `administerSite`: users, subscriptions, settings (site, SMTP, notifications), logs, contact
 *   messages, import and export.
 */
export interface ActionResources {
  enterPanel: null;
  createPost: null;
  changePost: { authorId: number | null };
  editCategories: null;
  changeCategory: { holdsOthersWork: boolean };
  moderateComments: null;
  administerSite: null;
}

export type Action = keyof ActionResources;

type ResourceArgument<A extends Action> = ActionResources[A] extends null
  ? []
  : [resource: ActionResources[A]];

/** Whether `actor` (nobody when signed out) may do `action` to `resource`. */
export function can<A extends Action>(
  actor: Actor | null | undefined,
  action: A,
  ...[resource]: ResourceArgument<A>
): boolean {
  if (!actor) return false;
  const role = actor.role;
  const asked: Action = action;
  switch (asked) {
    case 'enterPanel':
    case 'createPost':
    case 'editCategories':
    case 'moderateComments':
      return isStaff(role);
    case 'changePost': {
      if (role === 'admin') return true;
      const { authorId } = resource as ActionResources['changePost'];
      return role === 'publisher' && actor.id !== undefined && authorId === actor.id;
    }
    case 'changeCategory':
      if (role === 'admin') return true;
      return role === 'publisher' && !(resource as ActionResources['changeCategory']).holdsOthersWork;
    case 'administerSite':
      return role === 'admin';
    default: {
      const unknownAction: never = asked;
      return unknownAction;
    }
  }
}
