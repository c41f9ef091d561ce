import { can, meetsAccess, type Role } from '@blog/shared/policy';
import { QueryTypes } from 'sequelize';
import type { Deps } from '../../deps.ts';
import type { AccessRule } from '../../http/routes.ts';
import { NOT_YOUR_POST } from '../../http/routes.ts';

/** Editing a post together is editing the post: the contract's rule for saving it decides who may join. */
export const COLLAB_EDIT_OPERATION = 'adminUpdatePost';

export interface CollabAccount {
  id: number;
  role: Role;
  isActive: boolean;
}

export interface CollabPost {
  id: number;
  authorId: number | null;
}

export const COLLAB_REFUSALS = {
  signedOut: 'Sesja wygasła. Zaloguj się ponownie, aby edytować post.',
  forbidden: 'Brak dostępu do edycji tego posta.',
  notYourPost: NOT_YOUR_POST,
  missingPost: 'Ten post nie istnieje albo został usunięty.',
  badDocument: 'Nieprawidłowy identyfikator posta.',
} as const;

/**
 * Why `account` may not edit `post` together with others, or undefined when it may: the same rule
 * as saving the post (staff; a publisher only their own post). Checked on joining and again while
 * connected, so a deactivation, a demotion or a post handed to another author ends the editing.
 */
export function editRefusal(
  rule: AccessRule,
  account: CollabAccount | undefined,
  post: CollabPost | undefined,
): string | undefined {
  if (!account?.isActive) return COLLAB_REFUSALS.signedOut;
  if (!post) return COLLAB_REFUSALS.missingPost;
  if (!meetsAccess(rule.access, account.role)) return COLLAB_REFUSALS.forbidden;
  if (rule.owner === 'post' && !can(account, 'changePost', { authorId: post.authorId })) {
    return COLLAB_REFUSALS.notYourPost;
  }
  return undefined;
}

/** The post id a document name stands for (the document of post 12 is named "12"). */
export function postIdOfDocument(name: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(name)) return undefined;
  const id = Number(name);
  return id <= 2_147_483_647 ? id : undefined;
}

/** The accounts and posts of the given ids, in two queries, for the periodic re-check. */
export async function loadAccessFacts(
  deps: Pick<Deps, 'sequelize'>,
  userIds: number[],
  postIds: number[],
): Promise<{ accounts: Map<number, CollabAccount>; posts: Map<number, CollabPost> }> {
  const [accountRows, postRows] = await Promise.all([
    userIds.length === 0
      ? []
      : deps.sequelize.query<CollabAccount>(
          'SELECT id, role, is_active AS "isActive" FROM users WHERE id IN (:ids)',
          { type: QueryTypes.SELECT, replacements: { ids: userIds } },
        ),
    postIds.length === 0
      ? []
      : deps.sequelize.query<CollabPost>('SELECT id, user_id AS "authorId" FROM posts WHERE id IN (:ids)', {
          type: QueryTypes.SELECT,
          replacements: { ids: postIds },
        }),
  ]);
  return {
    accounts: new Map(accountRows.map((row) => [row.id, row])),
    posts: new Map(postRows.map((row) => [row.id, row])),
  };
}
