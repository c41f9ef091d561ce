import { commentForm } from '@blog/shared/rules';
import type * as yup from 'yup';
import type { NewComment } from '../../api/comments.ts';
import { yupFromForm } from '../../lib/yup-from-rules.ts';

export interface CommentFormValues {
  author: string;
  email: string;
  content: string;
}

export const commentInitialValues: CommentFormValues = { author: '', email: '', content: '' };

// Rules and the (English) messages come from @blog/shared/rules, shared with the API.
export const commentSchema: yup.ObjectSchema<CommentFormValues> = yupFromForm(commentForm);

/** The request body: trimmed values plus the id of the loaded post. */
export function buildCommentPayload(values: CommentFormValues, postId: number): NewComment {
  return {
    author: values.author.trim(),
    email: values.email.trim(),
    content: values.content.trim(),
    postId,
  };
}
