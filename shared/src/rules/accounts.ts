import { ROLES } from '../policy.ts';
import { NO_INVISIBLE_CHARACTERS_PATTERN } from './patterns.ts';
import {
  defineForm,
  email,
  equalsField,
  maxLength,
  minLength,
  oneOf,
  pattern,
  required,
  characters,
  versionField,
  type ApiValues,
  type Field,
  type FormValues,
  type WebValues,
} from './rule.ts';

/** The roles and the default one are the policy's (policy.ts); the forms offer exactly those. */
export { DEFAULT_ROLE, ROLES } from '../policy.ts';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** An e-mail address is at most 254 characters (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** A required e-mail address, every way to miss answered with `message`. */
export const requiredEmailRules = (message: string) =>
  [required(message), email(message), maxLength(EMAIL_MAX_LENGTH, message)] as const;

export const ACCOUNT_MESSAGES = {
  username: `Nazwa użytkownika musi mieć co najmniej ${characters(USERNAME_MIN_LENGTH)}`,
  usernameTooLong: `Nazwa użytkownika może mieć najwyżej ${characters(USERNAME_MAX_LENGTH)}`,
  email: 'Podaj prawidłowy adres email',
  displayName: `Nazwa wyświetlana może mieć najwyżej ${characters(DISPLAY_NAME_MAX_LENGTH)}`,
  usernameInvisible:
    'Nazwa użytkownika nie może zawierać znaków sterujących (np. nowej linii), niewidocznych znaków ani znaków zmieniających kierunek tekstu',
  displayNameInvisible:
    'Nazwa wyświetlana nie może zawierać znaków sterujących (np. nowej linii), niewidocznych znaków ani znaków zmieniających kierunek tekstu',
  // A name that looks like another account's (its confusable skeleton, name-skeleton.ts, is the same).
  usernameConfusable: 'Ta nazwa użytkownika jest zbyt podobna do istniejącej.',
  displayNameConfusable: 'Ta nazwa wyświetlana jest zbyt podobna do nazwy istniejącego konta.',
  role: 'Wybierz rolę: administrator, wydawca lub subskrybent',
  isActive: 'Nieprawidłowy status konta',
  loginUsername: 'Podaj nazwę użytkownika',
  loginPassword: 'Podaj hasło',
  passwordTooShort: `Hasło musi mieć co najmniej ${characters(PASSWORD_MIN_LENGTH)}`,
  passwordTooLong: `Hasło może mieć najwyżej ${characters(PASSWORD_MAX_LENGTH)}`,
  passwordUppercase: 'Hasło musi zawierać wielką literę',
  passwordLowercase: 'Hasło musi zawierać małą literę',
  passwordDigit: 'Hasło musi zawierać cyfrę',
  passwordSpecial: 'Hasło musi zawierać znak specjalny',
  confirmMissing: 'Powtórz hasło',
  passwordsDiffer: 'Hasła muszą być identyczne',
  currentPassword: 'Podaj obecne hasło',
  resetToken: 'Link do resetowania hasła jest nieprawidłowy lub wygasł.',
} as const;

const M = ACCOUNT_MESSAGES;

/** Compared case-insensitively for uniqueness; zero-width characters are refused by its rule, not dropped. */
const username = {
  type: 'text',
  normalize: 'name',
  rules: [
    required(M.username),
    minLength(USERNAME_MIN_LENGTH, M.username),
    maxLength(USERNAME_MAX_LENGTH, M.usernameTooLong),
    pattern(NO_INVISIBLE_CHARACTERS_PATTERN, M.usernameInvisible),
  ],
} as const satisfies Field;

/** What the new-password field says under itself: the rules below, in one sentence. */
export const PASSWORD_HINT = `Co najmniej ${PASSWORD_MIN_LENGTH} znaków, w tym wielka i mała litera, cyfra oraz znak specjalny.`;

/**
 * Password rules, in the order they are reported. Letters count in any alphabet ('Ł' is an
 * uppercase letter), so only characters that are neither letters nor digits count as special.
 */
const newPassword = {
  type: 'secret',
  rules: [
    required(M.passwordTooShort),
    minLength(PASSWORD_MIN_LENGTH, M.passwordTooShort),
    maxLength(PASSWORD_MAX_LENGTH, M.passwordTooLong),
    pattern('\\p{Lu}', M.passwordUppercase, 'u'),
    pattern('\\p{Ll}', M.passwordLowercase, 'u'),
    pattern('\\p{Nd}', M.passwordDigit, 'u'),
    pattern('[^\\p{L}\\p{N}]', M.passwordSpecial, 'u'),
  ],
} as const satisfies Field;

/** A second typing of the password in `field`; only the browser has it unless the API needs it too. */
const confirmationOf = (field: string) =>
  ({
    type: 'secret',
    only: 'web',
    rules: [required(M.confirmMissing), equalsField(field, M.passwordsDiffer)],
  }) as const satisfies Field;

// E-mail addresses are unique per account, so look-alike spellings fold into one (normalize.ts).
const optionalEmail = {
  type: 'text',
  normalize: 'identifier',
  nullable: true,
  rules: [email(M.email), maxLength(EMAIL_MAX_LENGTH, M.email)],
} as const satisfies Field;

const requiredEmail = {
  type: 'text',
  normalize: 'identifier',
  rules: requiredEmailRules(M.email),
} as const satisfies Field;

const displayName = {
  type: 'text',
  nullable: true,
  rules: [
    maxLength(DISPLAY_NAME_MAX_LENGTH, M.displayName),
    pattern(NO_INVISIBLE_CHARACTERS_PATTERN, M.displayNameInvisible),
  ],
} as const satisfies Field;

const role = { type: 'choice', options: ROLES, rules: [oneOf(ROLES, M.role)] } as const satisfies Field;

/** Sign-in (spec: field rules not shown; both fields must be filled). */
export const loginForm = defineForm({
  fields: {
    // Normalized as at registration, so the account is found whatever spelling the keyboard sends.
    username: {
      type: 'text',
      normalize: 'name',
      rules: [required(M.loginUsername), maxLength(USERNAME_MAX_LENGTH, M.loginUsername)],
    },
    password: { type: 'secret', rules: [required(M.loginPassword), maxLength(256, M.loginPassword)] },
  },
});

/**
 * Registration: new accounts are subscribers; the confirmation stays in the browser. The e-mail is
 * required here (the entity allows none) so that a reader can always reset a forgotten password.
 */
export const registerForm = defineForm({
  fields: {
    username,
    email: requiredEmail,
    displayName,
    password: newPassword,
    confirmPassword: confirmationOf('password'),
  },
});

/** Password change of the signed-in user; the API also checks the confirmation. */
export const passwordChangeForm = defineForm({
  fields: {
    currentPassword: {
      type: 'secret',
      rules: [required(M.currentPassword), maxLength(256, M.currentPassword)],
    },
    newPassword,
    confirmPassword: {
      type: 'secret',
      rules: [
        required(M.passwordsDiffer),
        maxLength(PASSWORD_MAX_LENGTH, M.passwordsDiffer),
        equalsField('newPassword', M.passwordsDiffer),
      ],
    },
  },
});

/** Self-service reset, step 1: the address the link goes to. */
export const passwordResetRequestForm = defineForm({ fields: { email: requiredEmail } });

/** Self-service reset, step 2: the token comes from the e-mailed link, the confirmation stays in the browser. */
export const passwordResetConfirmForm = defineForm({
  fields: {
    token: { type: 'text', only: 'api', rules: [required(M.resetToken), maxLength(512, M.resetToken)] },
    password: newPassword,
    confirmPassword: confirmationOf('password'),
  },
});

/** Admin creates a user; the temporary password is generated by the server. Role defaults to subscriber. */
export const userCreateForm = defineForm({
  fields: { username, email: requiredEmail, displayName, role },
});

/** Admin edits a user; the username cannot change. */
export const userEditForm = defineForm({
  fields: {
    email: optionalEmail,
    displayName,
    role,
    isActive: { type: 'boolean', typeMessage: M.isActive, rules: [] },
    version: versionField,
  },
});

export type LoginRequestValues = ApiValues<typeof loginForm>;
export type LoginFormValues = WebValues<typeof loginForm>;
export type RegisterRequestValues = ApiValues<typeof registerForm>;
export type RegisterFormValues = WebValues<typeof registerForm>;
export type PasswordChangeValues = FormValues<typeof passwordChangeForm>;
export type PasswordResetRequestValues = FormValues<typeof passwordResetRequestForm>;
export type PasswordResetConfirmRequestValues = ApiValues<typeof passwordResetConfirmForm>;
export type PasswordResetConfirmFormValues = WebValues<typeof passwordResetConfirmForm>;
export type UserCreateValues = FormValues<typeof userCreateForm>;
export type UserEditValues = FormValues<typeof userEditForm>;
