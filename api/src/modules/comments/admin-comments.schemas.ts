import { z } from 'zod';

const BAD_IDS = 'Podaj listę identyfikatorów komentarzy (od 1 do 500).';
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;

/** Contract BulkDeleteRequest: 1 to 500 comment ids; any bad one names the whole `ids` field. */
export const bulkDeleteSchema = z.object(
  {
    ids: z
      .array(z.unknown(), { error: BAD_IDS })
      .min(1, BAD_IDS)
      .max(500, BAD_IDS)
      .refine((ids): ids is number[] => ids.every(isId), BAD_IDS)
      .transform((ids) => ids as number[]),
  },
  { error: 'Nieprawidłowe dane wejściowe.' },
);
