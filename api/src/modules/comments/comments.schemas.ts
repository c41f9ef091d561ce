import { z } from 'zod';

/** Spec section 5, with the spec's own messages (they are in English there, kept letter for letter). */
export const createCommentSchema = z.object({
  author: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Imię może mieć najwyżej 100 znaków'),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  content: z
    .string({ error: 'Comment must be at least 3 characters' })
    .trim()
    .min(3, 'Comment must be at least 3 characters')
    .max(5000, 'Komentarz może mieć najwyżej 5000 znaków'),
  postId: z.unknown().optional(),
});

export const commentParamsSchema = z.object({
  postId: z.coerce
    .number({ error: 'Nieprawidłowy identyfikator artykułu' })
    .int('Nieprawidłowy identyfikator artykułu')
    .min(1, 'Nieprawidłowy identyfikator artykułu')
    .max(2_147_483_647, 'Nieprawidłowy identyfikator artykułu'),
});

export type CreateCommentInput = z.infer<typeof createCommentSchema>;
