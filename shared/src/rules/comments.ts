import { requiredEmailRules } from './accounts.ts';
import { NO_INVISIBLE_CHARACTERS_PATTERN } from './patterns.ts';
import { PERSON_NAME_MIN_LENGTH, PERSON_NAME_TOO_LONG, personNameRules } from './person-name.ts';
import {
  characters,
  defineForm,
  idRules,
  pattern,
  requiredIdRules,
  requiredLength,
  type ApiValues,
  type WebValues,
} from './rule.ts';

export const COMMENT_MIN_LENGTH = 3;
export const COMMENT_MAX_LENGTH = 5000;

// These three are English on purpose; they stay letter for letter.
export const COMMENT_MESSAGES = {
  author: `Name must be at least ${PERSON_NAME_MIN_LENGTH} characters`,
  email: 'Invalid email address',
  content: `Comment must be at least ${COMMENT_MIN_LENGTH} characters`,
  authorTooLong: PERSON_NAME_TOO_LONG,
  contentTooLong: `Komentarz może mieć najwyżej ${characters(COMMENT_MAX_LENGTH)}`,
  /** Beyond the English three: a name with bidi controls or zero-width characters (spoofing). */
  authorInvisible:
    'Imię nie może zawierać znaków sterujących (np. nowej linii), niewidocznych znaków ani znaków zmieniających kierunek tekstu',
  postId: 'Nieprawidłowy identyfikator posta.',
  /** The body's postId names another post than the address does. */
  postIdMismatch: 'Identyfikator posta w treści nie zgadza się z adresem.',
} as const;

/** Comment under an article; the page adds postId from the loaded post. */
export const commentForm = defineForm({
  fields: {
    author: {
      type: 'text',
      rules: [
        ...personNameRules(COMMENT_MESSAGES.author),
        pattern(NO_INVISIBLE_CHARACTERS_PATTERN, COMMENT_MESSAGES.authorInvisible),
      ],
    },
    email: { type: 'text', rules: requiredEmailRules(COMMENT_MESSAGES.email) },
    content: {
      type: 'text',
      lines: 'many',
      rules: requiredLength(
        COMMENT_MIN_LENGTH,
        COMMENT_MAX_LENGTH,
        COMMENT_MESSAGES.content,
        COMMENT_MESSAGES.contentTooLong,
      ),
    },
    postId: { type: 'integer', only: 'api', rules: idRules(COMMENT_MESSAGES.postId) },
  },
});

/** The post of `POST /posts/{postId}/comments` (contract: an IdPath). */
export const commentPathForm = defineForm({
  fields: {
    postId: {
      type: 'integer',
      rules: requiredIdRules(COMMENT_MESSAGES.postId),
    },
  },
});

export type CommentRequest = ApiValues<typeof commentForm>;
export type CommentFormFields = WebValues<typeof commentForm>;
