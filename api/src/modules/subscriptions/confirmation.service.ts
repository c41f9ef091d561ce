import { UniqueConstraintError } from 'sequelize';
import { SUBSCRIPTION_MESSAGES } from '@blog/shared/rules';
import { badRequest, conflict, isConflict, validationFailed } from '../../errors.ts';
import { Category } from '../categories/category.model.ts';
import { CONFIRMATION_TTL_MS, DOUBLE_OPT_IN_TEXTS, hashConfirmationToken } from './double-opt-in.ts';
import {
  activate,
  findPair,
  getSubscriptionStats,
  type SubscribeDeps,
  type SubscribeInput,
  SUBSCRIPTION_TEXTS,
  type SubscriptionStats,
} from './subscriptions.service.ts';
import { UserSubscription } from './user-subscription.model.ts';

const isWaiting = (row: UserSubscription | null, now: Date): boolean =>
  Boolean(row && !row.active && row.confirmationExpiresAt && row.confirmationExpiresAt > now);

/**
 * Double opt-in is on: the pair waits (inactive, with an expiry) and the worker e-mails the link.
 * No slot of the cap is taken. A pair already waiting gets no second e-mail until its link expires,
 * so repeating the form cannot turn the blog into a mailer; the answer is the same either way.
 */
export async function requestSubscription(
  deps: SubscribeDeps,
  input: SubscribeInput,
): Promise<SubscriptionStats> {
  const category = await Category.findByPk(input.categoryId, { attributes: ['id', 'enabled'] });
  if (!category?.enabled) throw validationFailed(SUBSCRIPTION_MESSAGES.categoryId, 'categoryId');
  try {
    await deps.sequelize.transaction(async (transaction) => {
      const row = await findPair({ sequelize: deps.sequelize, transaction }, input.email, input.categoryId);
      if (row?.active) throw conflict(SUBSCRIPTION_TEXTS.alreadySubscribed, 'email');
      const now = deps.clock.now();
      if (isWaiting(row, now)) return;
      const waiting = {
        confirmationExpiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
        confirmationTokenHash: null,
      };
      const saved = row
        ? await row.update({ ...waiting, userId: row.userId ?? input.userId ?? null }, { transaction })
        : await UserSubscription.create(
            {
              email: input.email,
              categoryId: input.categoryId,
              userId: input.userId ?? null,
              active: false,
              ...waiting,
            },
            { transaction },
          );
      await deps.events.record(
        { type: 'subscription.confirmation-requested', payload: { subscriptionId: saved.id } },
        transaction,
      );
    });
  } catch (err) {
    // The same pair asked twice at once: the unique index lets one in, and that one sends the e-mail.
    if (!(err instanceof UniqueConstraintError)) throw err;
  }
  return getSubscriptionStats(deps);
}

/**
 * The link's click: takes a slot of today's cap and activates the pair (429 when the cap is reached;
 * the link keeps working until it expires). A second click on a used link answers success again.
 */
export async function confirmSubscription(
  deps: SubscribeDeps,
  token: string,
): Promise<{ categoryName: string; stats: SubscriptionStats }> {
  const hash = hashConfirmationToken(token);
  const row = await UserSubscription.findOne({
    where: { confirmationTokenHash: hash },
    include: [{ model: Category, attributes: ['id', 'name', 'enabled'] }],
  });
  const category = row?.category;
  if (!row || !category?.enabled) throw badRequest(DOUBLE_OPT_IN_TEXTS.badLink);
  const done = async () => ({ categoryName: category.name, stats: await getSubscriptionStats(deps) });
  if (row.active) return done();
  const now = deps.clock.now();
  if (!isWaiting(row, now)) throw badRequest(DOUBLE_OPT_IN_TEXTS.badLink);
  try {
    const { stats } = await activate(
      deps,
      { email: row.email, categoryId: row.categoryId, userId: row.userId },
      category,
      (locked) => {
        if (locked?.active) return;
        if (locked?.id !== row.id || locked.confirmationTokenHash !== hash || !isWaiting(locked, now))
          throw badRequest(DOUBLE_OPT_IN_TEXTS.badLink);
      },
    );
    return { categoryName: category.name, stats };
  } catch (err) {
    // Confirmed meanwhile by another click: the slot was given back, the answer is the same.
    if (isConflict(err)) return done();
    throw err;
  }
}
