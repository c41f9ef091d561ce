import type { FailureLimitRule } from '../../http/failure-limiter.ts';
import type { RateLimitRule } from '../../http/rate-limit.ts';

const DAY_SECONDS = 24 * 60 * 60;

/** Wrong passwords for one account from one address (an IPv6 /64): the fifth in a row blocks them for a while. */
export const loginFailuresPerAccount = (baseBlockSeconds: number): FailureLimitRule => ({
  name: 'login-account-ip',
  maxFailures: 5,
  windowSeconds: 15 * 60,
  baseBlockSeconds,
  maxBlockSeconds: DAY_SECONDS,
  message: 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za kilka minut.',
});

/** Wrong passwords from one address (an IPv6 /64), whatever the account (password spraying). */
export const loginFailuresPerIp = (baseBlockSeconds: number): FailureLimitRule => ({
  name: 'login-ip',
  maxFailures: 30,
  windowSeconds: 60 * 60,
  baseBlockSeconds,
  maxBlockSeconds: DAY_SECONDS,
  message: 'Zbyt wiele nieudanych prób logowania z tego adresu. Spróbuj ponownie później.',
});

/** Wrong current passwords of one signed-in account (a borrowed session guessing the password). */
export const passwordChangeFailures = (baseBlockSeconds: number): FailureLimitRule => ({
  name: 'password-change',
  maxFailures: 5,
  windowSeconds: 15 * 60,
  baseBlockSeconds,
  maxBlockSeconds: DAY_SECONDS,
  message: 'Zbyt wiele prób podania obecnego hasła. Spróbuj ponownie za kilka minut.',
});

/**
 * Registration answers whether a username or e-mail is taken (its Polish messages say so); so that it
 * cannot list accounts at speed, one address (an IPv6 /64) gets 3 such answers an hour, then every
 * registration from it is refused for an hour, doubling with each repeat within a day.
 */
export const registrationClashes: FailureLimitRule = {
  name: 'register-taken',
  maxFailures: 3,
  windowSeconds: 60 * 60,
  baseBlockSeconds: 60 * 60,
  maxBlockSeconds: DAY_SECONDS,
  message:
    'Zbyt wiele prób rejestracji z zajętą nazwą użytkownika lub adresem e-mail. Spróbuj ponownie później.',
};

export const AUTH_RATE_LIMITS = {
  register: {
    name: 'register',
    points: 5,
    durationSeconds: 60 * 60,
    message: 'Zbyt wiele prób rejestracji z tego adresu. Spróbuj ponownie później.',
  },
  resetRequestPerIp: {
    name: 'reset-request-ip',
    points: 5,
    durationSeconds: 60 * 60,
    message: 'Zbyt wiele próśb o zmianę hasła. Spróbuj ponownie później.',
  },
  /** Per address *and* client: a stranger who asks for someone's address uses up only their own tries. */
  resetRequestPerEmail: {
    name: 'reset-request-email-ip',
    points: 3,
    durationSeconds: 60 * 60,
    message: 'Zbyt wiele próśb o zmianę hasła. Spróbuj ponownie później.',
  },
  /**
   * Reset e-mails one address receives an hour, whoever asks. Past it the answer stays the neutral
   * 202 and no e-mail leaves: the owner is never refused, and the links already sent still work.
   */
  resetMailsPerEmail: {
    name: 'reset-mails-email',
    points: 10,
    durationSeconds: 60 * 60,
    message: 'Zbyt wiele wiadomości z linkiem do zmiany hasła.',
  },
  resetConfirm: {
    name: 'reset-confirm',
    points: 10,
    durationSeconds: 60 * 60,
    message: 'Zbyt wiele prób ustawienia hasła. Spróbuj ponownie później.',
  },
} satisfies Record<string, RateLimitRule>;
