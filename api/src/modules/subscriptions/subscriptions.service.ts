import { col, fn, Op, QueryTypes, UniqueConstraintError, where } from 'sequelize';
import type { Db, Deps } from '../../deps.ts';
import { badRequest, conflict, notFound, rateLimited, validationFailed } from '../../errors.ts';
import { SUBSCRIPTION_MESSAGES } from '@blog/shared/rules';
import { Category } from '../categories/category.model.ts';
import { dailyCap } from './daily-cap.ts';
import { SubscriptionLog } from './subscription-log.model.ts';
import {
  dailyLimitCache,
  dailyLimitStampKey,
  readDailyLimit,
  writeDailyLimit,
} from './subscription-limit.ts';
import { isValidUnsubscribeToken } from './unsubscribe-link.ts';
import { UserSubscription } from './user-subscription.model.ts';

export interface SubscriptionStats {
  todayCount: number;
  limit: number;
  canSubscribe: boolean;
}

export const SUBSCRIPTION_TEXTS = {
  subscribed: 'Subskrypcja została aktywowana.',
  alreadySubscribed: 'Ten adres e-mail jest już zapisany do tej kategorii.',
  limitReached:
    'Dzienny limit subskrypcji został osiągnięty. Spróbuj ponownie jutro lub skontaktuj się z administratorem.',
  deleted: 'Subskrypcja została usunięta',
  notFound: 'Nie znaleziono subskrypcji.',
  counterReset: 'Licznik subskrypcji został zresetowany',
  limitUpdated: 'Limit subskrypcji został zaktualizowany',
  unsubscribeNotFound: 'Nie znaleziono subskrypcji tego adresu w tej kategorii.',
  unsubscribed: (categoryName: string) => `Subskrypcja kategorii „${categoryName}” została anulowana.`,
} as const;

type StatsDeps = Pick<Deps, 'sequelize' | 'redis' | 'config' | 'clock'>;

export const capOf = (deps: StatsDeps) =>
  dailyCap(
    deps.redis,
    deps.config.REDIS_PREFIX,
    deps.clock.now(),
    (day) => recordedCount(deps, day),
    deps.config.SUBSCRIPTION_SLOT_LEASE_MS,
  );

/** The day's count as subscription_logs keeps it: what the Redis counter restarts from. */
async function recordedCount(db: Db, day: string): Promise<number> {
  const row = await SubscriptionLog.findOne({ where: { date: day }, attributes: ['count'] });
  return row?.count ?? 0;
}

export const statsFrom = (todayCount: number, limit: number): SubscriptionStats => ({
  todayCount,
  limit,
  canSubscribe: todayCount < limit,
});

/**
 * Read by every reader's browser once a minute, so it costs one Redis round trip: the day's
 * counter and the limit's stamp together; the limit itself comes from this process's memory
 * unless the stamp says an admin saved a new one (then one query, on whichever process).
 */
export async function getSubscriptionStats(deps: StatsDeps): Promise<SubscriptionStats> {
  const prefix = deps.config.REDIS_PREFIX;
  const cap = capOf(deps);
  const [count, stamp] = await deps.redis.mget(cap.key, dailyLimitStampKey(prefix));
  const limit = await dailyLimitCache(deps).limitFor(stamp);
  // No counter yet today (or Redis lost it): the recorded count, which also seeds it.
  return statsFrom(count === null ? await cap.count() : Number(count), limit);
}

/** Matches an address whatever its letter case (the unique index is on lower(email)). */
const sameAddress = (email: string) => where(fn('lower', col('email')), email.toLowerCase());

export async function findPair(db: Db, email: string, categoryId: number) {
  return UserSubscription.findOne({
    where: { [Op.and]: [sameAddress(email), { categoryId }] },
    transaction: db.transaction,
    // Inside a transaction the row is locked: two confirmations of one link cannot both take a slot.
    lock: Boolean(db.transaction),
  });
}

/**
 * Adds one to the day's row of subscription_logs (the durable record of the Redis counter) and
 * returns the count after. The row lock orders concurrent subscribes, so the count is exact.
 */
export async function countInLog(db: Db, day: string): Promise<number> {
  const [row] = await db.sequelize.query<{ count: number }>(
    `INSERT INTO subscription_logs (date, count) VALUES (:day, 1)
     ON CONFLICT (date) DO UPDATE SET count = subscription_logs.count + 1
     RETURNING count`,
    { replacements: { day }, type: QueryTypes.SELECT, transaction: db.transaction },
  );
  return row!.count;
}

/** The database's count passed the limit although Redis gave a slot (its counter was behind). */
class RecordedDayFull extends Error {}

export type SubscribeDeps = Pick<Deps, 'sequelize' | 'redis' | 'config' | 'clock' | 'events'>;

export interface SubscribeInput {
  email: string;
  categoryId: number;
  userId?: number | null;
}

/**
 * Subscribes an address to a visible category. A repeat of an active pair is refused before the
 * cap is touched; otherwise one slot is taken atomically in Redis, then the row (new or
 * re-activated), the day's log count and the `subscription.created` event commit together; when
 * that write fails the slot is given back (and when the process dies before it, the slot's lease runs out).
 */
export async function subscribe(
  deps: SubscribeDeps,
  input: SubscribeInput,
): Promise<{ subscription: UserSubscription; stats: SubscriptionStats }> {
  const category = await Category.findByPk(input.categoryId, { attributes: ['id', 'name', 'enabled'] });
  if (!category?.enabled) throw validationFailed(SUBSCRIPTION_MESSAGES.categoryId, 'categoryId');
  const existing = await findPair(deps, input.email, input.categoryId);
  if (existing?.active) throw conflict(SUBSCRIPTION_TEXTS.alreadySubscribed, 'email');
  return activate(deps, input, category);
}

/**
 * Takes a slot of today's cap and makes the pair active: a new row or the existing inactive one (also
 * one waiting for its confirmation), with the day's log count and the `subscription.created` event in
 * one transaction; a failed write gives the slot back. `check` sees the locked row first (a
 * confirmation link makes sure it is still the one it was sent for).
 */
export async function activate(
  deps: SubscribeDeps,
  input: SubscribeInput,
  category: Pick<Category, 'id' | 'name'>,
  check?: (row: UserSubscription | null) => void,
): Promise<{ subscription: UserSubscription; stats: SubscriptionStats }> {
  const cap = capOf(deps);
  const limit = await readDailyLimit(deps);
  const slot = await cap.take(limit);
  if (!slot.taken) throw rateLimited(SUBSCRIPTION_TEXTS.limitReached, cap.secondsLeft);

  try {
    const subscription = await deps.sequelize.transaction(async (transaction) => {
      const tx = { sequelize: deps.sequelize, transaction };
      const again = await findPair(tx, input.email, input.categoryId);
      check?.(again);
      let row: UserSubscription;
      if (again?.active) throw conflict(SUBSCRIPTION_TEXTS.alreadySubscribed, 'email');
      if (again) {
        row = await again.update(
          { active: true, userId: again.userId ?? input.userId ?? null, confirmationExpiresAt: null },
          { transaction },
        );
      } else {
        row = await UserSubscription.create(
          { email: input.email, categoryId: input.categoryId, userId: input.userId ?? null },
          { transaction },
        );
      }
      // The last word on the cap: Redis may have lost its counter since it gave the slot.
      if ((await countInLog(tx, cap.day)) > limit) throw new RecordedDayFull();
      await deps.events.record(
        { type: 'subscription.created', payload: { subscriptionId: row.id } },
        transaction,
      );
      return row;
    });
    await slot.confirm();
    subscription.category = category as Category;
    return { subscription, stats: statsFrom(slot.count, limit) };
  } catch (err) {
    // Past the recorded limit the slot is counted: Redis was behind the database and catches up.
    if (err instanceof RecordedDayFull) {
      await slot.confirm();
      throw rateLimited(SUBSCRIPTION_TEXTS.limitReached, cap.secondsLeft);
    }
    await slot.release();
    // Two requests for the same pair at once: the unique index lets one in.
    if (err instanceof UniqueConstraintError) throw conflict(SUBSCRIPTION_TEXTS.alreadySubscribed, 'email');
    throw err;
  }
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  const deleted = await UserSubscription.destroy({ where: { id }, transaction: db.transaction });
  if (deleted === 0) throw notFound(SUBSCRIPTION_TEXTS.notFound);
}

/** Today's counter back to 0, in Redis (what the cap checks) and in the day's log row. */
export async function resetSubscriptionCount(deps: StatsDeps): Promise<SubscriptionStats> {
  const cap = capOf(deps);
  await cap.reset();
  await resetDayInLog(deps, cap.day);
  return getSubscriptionStats(deps);
}

async function resetDayInLog(db: Db, day: string): Promise<void> {
  await db.sequelize.query(
    `INSERT INTO subscription_logs (date, count) VALUES (:day, 0)
     ON CONFLICT (date) DO UPDATE SET count = 0`,
    { replacements: { day }, type: QueryTypes.INSERT, transaction: db.transaction },
  );
}

/**
 * The new limit applies to the very next subscribe call (every call reads it from PostgreSQL) and
 * to the very next stats answer of every process (the stamp changes after the write).
 */
export async function updateDailyLimit(deps: StatsDeps, limit: number): Promise<SubscriptionStats> {
  await writeDailyLimit(deps, limit);
  return getSubscriptionStats(deps);
}

export interface UnsubscribeInput {
  email: string;
  category: number;
  token: string;
}

/**
 * Deactivates the subscription of a signed link. A bad token changes nothing and says no more
 * than malformed parameters would; a second call succeeds again.
 */
export async function unsubscribe(
  deps: Pick<Deps, 'sequelize' | 'config'>,
  input: UnsubscribeInput,
): Promise<{ categoryName: string }> {
  if (!isValidUnsubscribeToken(deps.config, input.email, input.category, input.token)) {
    throw badRequest(SUBSCRIPTION_MESSAGES.unsubscribeLink);
  }
  const subscription = await UserSubscription.findOne({
    where: { [Op.and]: [sameAddress(input.email), { categoryId: input.category }] },
    include: [{ model: Category, attributes: ['id', 'name'] }],
  });
  if (!subscription) throw notFound(SUBSCRIPTION_TEXTS.unsubscribeNotFound);
  if (subscription.active) await subscription.update({ active: false });
  return { categoryName: subscription.category?.name ?? '' };
}
