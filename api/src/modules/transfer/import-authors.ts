import { checkField, firstCharacters, personName, userCreateForm, usernameBase } from '@blog/shared/rules';
import { nameSkeleton } from '@blog/shared/rules/name-skeleton';
import { UNUSABLE_PASSWORD_HASH } from '../auth/password.ts';
import { lockAccountNames, skeletonTaken } from '../users/look-alike-names.ts';
import { findUserByEmail, findUserByUsername } from '../users/user-lookup.ts';
import { User } from '../users/user.model.ts';
import type { SourceAccountState } from './import-report.ts';
import { firstFree, type Run } from './import-run.ts';
import type { TransferAuthor, TransferDocument } from './transfer-document.ts';

/**
 * The file's authors: each becomes an inactive publisher without a password until an admin activates
 * it or maps it to an existing account (an import never widens who can sign in), or is the existing
 * account with the same e-mail; a name that looks like an account's gets another; all in the report.
 */
export async function importAuthors(run: Run, document: TransferDocument) {
  const db = { sequelize: run.deps.sequelize, transaction: run.transaction };
  // Names are compared with every account's (look-alikes too): no registration may slip in between.
  await lockAccountNames(db);
  for (const author of document.authors) {
    if (run.known.get('user', author.sourceId)) {
      run.report.unchanged.authors += 1;
      continue;
    }
    const sourceState: SourceAccountState =
      author.active === undefined ? 'unknown' : author.active ? 'active' : 'inactive';
    // Normalized and checked as the users form does; an address it refuses is left out.
    const emailCheck = author.email ? checkField(userCreateForm, 'email', { email: author.email }) : null;
    const email = emailCheck?.ok ? (emailCheck.value as string) : null;
    // The same person already has an account here (by e-mail): their posts go to it, and only that.
    // Its role and state stay as they are, so its access does not widen (docs/security.md).
    const existing = email ? await findUserByEmail(db, email) : null;
    if (existing) {
      await run.known.remember('user', author.sourceId, existing.id);
      run.report.unchanged.authors += 1;
      run.report.accounts.push({
        sourceId: author.sourceId,
        userId: existing.id,
        outcome: 'matched',
        username: existing.username,
        displayName: existing.displayName,
        email: existing.email,
        sourceState,
        renamedFrom: null,
        renameReason: null,
        displayNameFrom: null,
        state: existing.isActive ? 'active' : 'inactive',
        mappedTo: null,
      });
      continue;
    }
    const names = await importedAccountNames(run, author);
    // Inactive and without a password: nobody signs in to it, and no reset link is sent for it,
    // until an admin activates it or maps it to an existing account (the import's result screen).
    const user = await User.create(
      {
        username: names.username,
        email,
        displayName: names.displayName,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        role: 'publisher',
        isActive: false,
        importPending: true,
      },
      { transaction: run.transaction },
    );
    await run.known.remember('user', author.sourceId, user.id);
    run.report.created.authors += 1;
    run.report.accounts.push({
      sourceId: author.sourceId,
      userId: user.id,
      outcome: 'created',
      username: user.username,
      displayName: user.displayName,
      email: user.email,
      sourceState,
      renamedFrom: names.renamedFrom,
      renameReason: names.renameReason,
      displayNameFrom: names.displayNameFrom,
      state: 'inactive',
      mappedTo: null,
    });
  }
}

/**
 * The username and display name of a new account for an author: as sign-in reads a typed name (NFC,
 * one line), and distinct from every account's, also in looks. A username taken here or looking like
 * another account's name ('аdmin' with a Cyrillic „а”) gets a suffix (`-2`, `-3`…), a display name
 * that looks like another's gets „(2)”, „(3)”…; both are reported.
 */
async function importedAccountNames(run: Run, author: TransferAuthor) {
  const db = { sequelize: run.deps.sequelize, transaction: run.transaction };
  const base = usernameBase(author.username) || usernameBase(`autor-${author.sourceId}`);
  const wanted = base.padEnd(3, '-');
  let renameReason: 'taken' | 'lookAlike' | null = null;
  const username = await firstFree(wanted, 50, async (name) => {
    const taken = (await findUserByUsername(db, name)) ? 'taken' : null;
    const clash = taken ?? ((await skeletonTaken(db, nameSkeleton(name))) ? 'lookAlike' : null);
    // The first candidate's reason is the one that made the name change.
    renameReason ??= clash;
    return clash !== null;
  });
  const asked = personName('displayName', author.displayName);
  let displayName = asked;
  for (let n = 2; displayName !== null && (await skeletonTaken(db, nameSkeleton(displayName))); n += 1) {
    const suffix = ` (${n})`;
    displayName = `${firstCharacters(asked!, 100 - suffix.length)}${suffix}`;
  }
  return {
    username,
    displayName,
    renamedFrom: username === wanted ? null : wanted,
    renameReason: username === wanted ? null : renameReason,
    displayNameFrom: displayName === asked ? null : asked,
  };
}
