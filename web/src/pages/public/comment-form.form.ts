import * as yup from 'yup';
import type { NewComment } from '../../api/comments.ts';

export interface CommentFormValues {
  author: string;
  email: string;
  content: string;
}

export const commentInitialValues: CommentFormValues = { author: '', email: '', content: '' };

// Messages are English on purpose: spec §5 gives them letter for letter.
export const COMMENT_MESSAGES = {
  author: 'Name must be at least 2 characters',
  email: 'Invalid email address',
  content: 'Comment must be at least 3 characters',
} as const;

export const commentSchema: yup.ObjectSchema<CommentFormValues> = yup.object({
  // Formik turns an empty field into undefined before validating, so `required` carries the same message.
  author: yup.string().trim().required(COMMENT_MESSAGES.author).min(2, COMMENT_MESSAGES.author),
  email: yup.string().trim().required(COMMENT_MESSAGES.email).email(COMMENT_MESSAGES.email),
  content: yup.string().trim().required(COMMENT_MESSAGES.content).min(3, COMMENT_MESSAGES.content),
});

/** The request body: trimmed values plus the id of the loaded post. */
export function buildCommentPayload(values: CommentFormValues, postId: number): NewComment {
  return {
    author: values.author.trim(),
    email: values.email.trim(),
    content: values.content.trim(),
    postId,
  };
}
