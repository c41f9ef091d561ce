import { postListQueryForm, postPathForm } from '@blog/shared/rules';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

/** Paging and search of the public list, with the contract's messages, from the shared rules. */
export const postListQuerySchema = zodFromForm(postListQueryForm);

export const postParamsSchema = zodFromForm(postPathForm);
