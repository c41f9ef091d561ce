import { postForm } from '@blog/shared/rules';
import type { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { containsNul, NUL_REFUSED } from '../../http/nul-bytes.ts';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

/** The editor's fields with their Polish messages, from the shared rules. */
export const postInputSchema = zodFromForm(postForm);
export type PostInput = z.infer<typeof postInputSchema>;

const BAD_POST_DATA = 'Pole postData musi zawierać dane posta w formacie JSON.';
/** Contract: PostUploadForm.postData maxLength. */
const MAX_POST_DATA_LENGTH = 600_000;

/** The multipart field `postData`: JSON text of a PostInput, validated like any JSON body. */
export function parsePostData(raw: unknown): PostInput {
  if (typeof raw !== 'string' || raw.length < 2 || raw.length > MAX_POST_DATA_LENGTH)
    throw badRequest(BAD_POST_DATA, 'postData');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(BAD_POST_DATA, 'postData');
  }
  // JSON's own escape (\u0000) gets a NUL past every check of the multipart text.
  if (containsNul(value)) throw badRequest(NUL_REFUSED, 'postData');
  return postInputSchema.parse(value);
}
