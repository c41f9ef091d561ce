import { postListQueryForm } from '@blog/openapi/rules';
import { z } from 'zod';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

/** Paging and search of the public list, with the contract's messages, from the shared rules. */
export const postListQuerySchema = zodFromForm(postListQueryForm);

export const postParamsSchema = z.object({
  slugOrId: z.string().min(1).max(200),
});
