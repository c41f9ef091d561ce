import * as yup from 'yup';

/**
 * Field rules shared by the account forms (spec §5), with their exact Polish messages. Stop-gap until the
 * shared rules module (`@blog/openapi/rules`) lands: each form's schema is built in its own `*.form.ts` from
 * these pieces, so switching a form over is a change in that one file.
 */
export const ACCOUNT_MESSAGES = {
  username: 'Nazwa użytkownika musi mieć co najmniej 3 znaki',
  email: 'Podaj prawidłowy adres email',
  passwordLength: 'Hasło musi mieć co najmniej 8 znaków',
  passwordUppercase: 'Hasło musi zawierać wielką literę',
  passwordLowercase: 'Hasło musi zawierać małą literę',
  passwordDigit: 'Hasło musi zawierać cyfrę',
  passwordSpecial: 'Hasło musi zawierać znak specjalny',
  passwordsDiffer: 'Hasła muszą być identyczne',
  loginUsername: 'Podaj nazwę użytkownika.',
  loginPassword: 'Podaj hasło.',
  currentPassword: 'Podaj obecne hasło',
} as const;

export const usernameRule = () =>
  yup.string().trim().required(ACCOUNT_MESSAGES.username).min(3, ACCOUNT_MESSAGES.username);

export const requiredEmailRule = () =>
  yup.string().trim().required(ACCOUNT_MESSAGES.email).email(ACCOUNT_MESSAGES.email);

/** An e-mail that may be left empty (the contract then gets null), but must be valid when given. */
export const optionalEmailRule = () => yup.string().trim().default('').email(ACCOUNT_MESSAGES.email);

/**
 * A new password: length first, then one rule at a time in the order of the contract's messages, so a person
 * fixes one thing at a time. Letters are Unicode-aware, so Polish letters count as upper- or lowercase.
 */
export const newPasswordRule = () =>
  yup
    .string()
    .required(ACCOUNT_MESSAGES.passwordLength)
    // Counted in characters, not UTF-16 units, as the API counts them.
    .test('length', ACCOUNT_MESSAGES.passwordLength, (value = '') => [...value].length >= 8)
    .matches(/\p{Lu}/u, ACCOUNT_MESSAGES.passwordUppercase)
    .matches(/\p{Ll}/u, ACCOUNT_MESSAGES.passwordLowercase)
    .matches(/\p{Nd}/u, ACCOUNT_MESSAGES.passwordDigit)
    .matches(/[^\p{L}\p{N}]/u, ACCOUNT_MESSAGES.passwordSpecial);

/** A confirmation that must equal the sibling field `field`. */
export const confirmationRule = (field: string) =>
  yup
    .string()
    .required(ACCOUNT_MESSAGES.passwordsDiffer)
    .oneOf([yup.ref(field)], ACCOUNT_MESSAGES.passwordsDiffer);
