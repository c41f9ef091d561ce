import { NO_INVISIBLE_CHARACTERS_PATTERN } from './patterns.ts';
import {
  defineForm,
  email,
  idRules,
  maxLength,
  minLength,
  pattern,
  required,
  type ApiValues,
  type WebValues,
} from './rule.ts';

// These three are English on purpose; they stay letter for letter.
export const COMMENT_MESSAGES = {
  author: 'Name must be at least 2 characters',
  email: 'Invalid email address',
  content: 'Comment must be at least 3 characters',
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
        required(COMMENT_MESSAGES.author),
        minLength(2, COMMENT_MESSAGES.author),
        maxLength(100, 'Imię może mieć najwyżej 100 znaków'),
        pattern(NO_INVISIBLE_CHARACTERS_PATTERN, COMMENT_MESSAGES.authorInvisible),
      ],
    },
    email: {
      type: 'text',
      rules: [
        required(COMMENT_MESSAGES.email),
        email(COMMENT_MESSAGES.email),
        maxLength(254, COMMENT_MESSAGES.email),
      ],
    },
    content: {
      type: 'text',
      lines: 'many',
      rules: [
        required(COMMENT_MESSAGES.content),
        minLength(3, COMMENT_MESSAGES.content),
        maxLength(5000, 'Komentarz może mieć najwyżej 5000 znaków'),
      ],
    },
    postId: { type: 'integer', only: 'api', rules: idRules(COMMENT_MESSAGES.postId) },
  },
});

/** The post of `POST /posts/{postId}/comments` (contract: an IdPath). */
export const commentPathForm = defineForm({
  fields: {
    postId: {
      type: 'integer',
      rules: [required(COMMENT_MESSAGES.postId), ...idRules(COMMENT_MESSAGES.postId)],
    },
  },
});

export type CommentRequest = ApiValues<typeof commentForm>;
export type CommentFormFields = WebValues<typeof commentForm>;
