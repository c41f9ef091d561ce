import { COMMENT_MESSAGES, commentForm, commentPathForm } from '@blog/shared/rules';
import type { z } from 'zod';
import { validationFailed } from '../../errors.ts';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

/** Comment rules and messages, from the shared rules (the web's form uses the same). */
export const createCommentSchema = zodFromForm(commentForm);

export const commentParamsSchema = zodFromForm(commentPathForm);

export type CreateCommentInput = z.infer<typeof createCommentSchema>;

/** The contract: a body's postId is optional, but when given it must name the post of the address. */
export function assertSamePost(input: CreateCommentInput, pathPostId: number): void {
  if (input.postId !== undefined && input.postId !== pathPostId)
    throw validationFailed(COMMENT_MESSAGES.postIdMismatch, 'postId');
}
