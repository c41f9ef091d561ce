import { z } from 'zod';

const positiveInt = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} musi być liczbą` })
    .int(`${field} musi być liczbą całkowitą`)
    .min(1, `${field} musi być większe od 0`)
    .max(max, `${field} może wynosić najwyżej ${max}`);

export const postListQuerySchema = z.object({
  page: positiveInt('Numer strony', 1_000_000).optional(),
  limit: positiveInt('Limit', 50).optional(),
  q: z.string().max(200, 'Wyszukiwana fraza może mieć najwyżej 200 znaków').optional(),
});

export const postParamsSchema = z.object({
  slugOrId: z.string().min(1).max(200),
});
