import { BULK_COMMENT_MESSAGES, ID_MAX, MAX_BULK_COMMENTS } from '@blog/shared/rules';
import { z } from 'zod';

const BAD_IDS = BULK_COMMENT_MESSAGES.ids;
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;

/**
 * Contract BulkDeleteRequest (its limits are written from the same constants): 1 to MAX_BULK_COMMENTS
 * comment ids; any bad one names the whole `ids` field.
 */
export const bulkDeleteSchema = z.object(
  {
    ids: z
      .array(z.unknown(), { error: BAD_IDS })
      .min(1, BAD_IDS)
      .max(MAX_BULK_COMMENTS, BAD_IDS)
      .refine((ids): ids is number[] => ids.every(isId), BAD_IDS)
      .transform((ids) => ids as number[]),
  },
  { error: 'Nieprawidłowe dane wejściowe.' },
);
