import { z } from 'zod';

const BAD_IDS = 'Podaj listę identyfikatorów komentarzy (od 1 do 500).';
const id = z.number({ error: BAD_IDS }).int(BAD_IDS).min(1, BAD_IDS).max(2_147_483_647, BAD_IDS);

/** Contract BulkDeleteRequest: 1 to 500 comment ids. */
export const bulkDeleteSchema = z.object(
  { ids: z.array(id, { error: BAD_IDS }).min(1, BAD_IDS).max(500, BAD_IDS) },
  { error: 'Nieprawidłowe dane wejściowe.' },
);
