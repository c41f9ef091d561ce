import {
  ID_MAX,
  LIST_MESSAGES,
  LIST_ORDERS,
  type ListSpec,
  MAX_LIST_LIMIT,
  MAX_LIST_PAGE,
  MAX_LIST_QUERY_LENGTH,
  normalizeText,
} from '@blog/shared/rules';
import { z } from 'zod';

const M = LIST_MESSAGES;

/** A whole number written in the query (`'12'`), within [min, max]; absent gives `fallback`. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

export const listIdFilter = wholeNumber(M.id, 1, ID_MAX).optional();

/**
 * The query every admin list takes: page (1-based), limit, q (NFC, trimmed; blank means none), sort and
 * order among the list's own, plus its status filter when it has one. A repeated parameter arrives
 * as an array and is refused like any other bad value.
 */
export function listQuerySchema<S extends string, T extends string>(spec: ListSpec<S, T>) {
  return z.object({
    page: wholeNumber(M.page, 1, MAX_LIST_PAGE).optional().default(1),
    limit: wholeNumber(M.limit, 1, MAX_LIST_LIMIT).optional().default(spec.defaultLimit),
    q: z
      .string({ error: M.q })
      .max(MAX_LIST_QUERY_LENGTH, M.q)
      .optional()
      // NFC as the stored text is (the forms normalize it), so an NFD query from a Mac finds it too.
      .transform(
        (value) =>
          normalizeText(value ?? '')
            .trim()
            .toLocaleLowerCase('pl') || undefined,
      ),
    sort: z
      .enum(spec.sorts as unknown as [S, ...S[]], { error: M.sort })
      .optional()
      .default(spec.defaultSort),
    order: z.enum(LIST_ORDERS, { error: M.order }).optional().default(spec.defaultOrder),
    status: (spec.statuses.length > 0
      ? z.enum(spec.statuses as unknown as [T, ...T[]], { error: M.status })
      : z.never({ error: M.status })
    ).optional(),
  });
}

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** The contract's list envelope; a page past the end is empty and says how many pages there are. */
export const listPage = <T>(items: T[], total: number, page: number, limit: number): ListPage<T> => ({
  items,
  total,
  page,
  limit,
  totalPages: Math.max(1, Math.ceil(total / limit)),
});

/** `%needle%` for LIKE, the needle's own wildcards taken literally. */
export const likePattern = (needle: string) => `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
